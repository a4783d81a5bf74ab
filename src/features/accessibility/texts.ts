/**
 * The accessibility statement's texts (/accessibility), after GOV.UK's model statement, and the footer's
 * link to it. What varies (dates, the criteria, how the shop was tested) is in src/content/accessibility.json;
 * the shop's name, telephone and e-mail are configuration, and the opening hours are the home page's call
 * banner's (src/content/home.json, or its CMS block). Gathered by src/strings.ts.
 */
import { dayText } from '../../calendar/day-text.ts';

/** Where the statement is: linked from every footer and listed in the sitemap. */
export const ACCESSIBILITY_PATH = '/accessibility';

export const accessibilityTexts = {
  title: 'Accessibility statement',
  description: (shop: string) =>
    `How accessible the ${shop} online shop is, what we are fixing, and how to get help or tell us about a problem.`,
  intro: (shop: string, site: string) =>
    `This statement applies to the ${shop} online shop at ${site}. It is run by ${shop}. We want as many people as possible to be able to use it. For example, you should be able to:`,
  canDo: [
    'change colours, contrast and fonts using your browser or device settings',
    'zoom in up to 400 % without the text spilling off the screen',
    'find a product, add it to your basket, sign in and pay using just a keyboard',
    'use the shop with a screen reader, which is told what changed, such as an item added to your basket',
    'stop the moving carousels on the home page, which stand still if your device asks for reduced motion',
  ],
  plainEnglish: 'We have also made the text as simple as we can.',
  abilityNet: 'AbilityNet has advice on making your device easier to use if you have a disability',
  abilityNetHref: 'https://mcmw.abilitynet.org.uk/',

  howAccessible: 'How accessible this shop is',
  counts: (total: number, met: number, partly: number, notApplicable: number) =>
    `Of the ${total} success criteria at levels A and AA, the shop meets ${met}, partly meets ${partly}, and ${notApplicable} do not apply to it.`,
  gapsBelow: 'What does not yet fully meet them is listed under “Non-accessible content” below.',

  thirdParty: 'Third-party content',
  thirdPartyText: [
    'When you pay by card you enter your card details on a page run by our payment provider, Opayo (Elavon). When you pay with PayPal you use PayPal’s own pages.',
    'We do not control how accessible those pages are. If you have a problem with them, call or e-mail us and we will take your order another way.',
  ],

  help: 'Getting help another way',
  /** `hours`: the home page's call banner's advice line, which gives the opening hours (callBannerContent). */
  helpText: (hours: string) =>
    `If you need information on this shop in a different format, or cannot order online, call or e-mail us. ${hours}`,
  telephone: 'Telephone',
  email: 'E-mail',
  // The contact page says the same (src/content/pages/contact.md); no setting holds it.
  answerTime: 'We answer e-mails within one working day.',

  reporting: 'Reporting accessibility problems with this shop',
  reportingText:
    'We are always looking to improve the accessibility of this shop. If you find a problem not listed on this page, or think we are not meeting accessibility requirements, please call or e-mail us with the page’s address and what went wrong.',

  enforcement: 'Enforcement procedure',
  enforcementText:
    'In Great Britain the Equality and Human Rights Commission (EHRC) is responsible for enforcing the Equality Act 2010.',
  /**
   * Sentences with a link: the words before it, the link and the words after, each part a whole word
   * (the page puts a space between them).
   */
  eass: {
    before: 'Contact the',
    link: 'Equality Advisory and Support Service (EASS)',
    href: 'https://www.equalityadvisoryservice.com/',
    after: 'if you are not happy with how we respond to your complaint.',
  },
  ecni: {
    before: 'In Northern Ireland, contact the',
    link: 'Equality Commission for Northern Ireland',
    href: 'https://www.equalityni.org/',
    after: 'instead.',
  },

  technical: 'Technical information about this shop’s accessibility',
  technicalText: (shop: string) =>
    `${shop} is committed to making its online shop accessible, in accordance with the Equality Act 2010.`,
  complianceStatus: 'Compliance status',
  fullyConforms:
    'This shop is fully compliant with the Web Content Accessibility Guidelines version 2.2 AA standard.',
  partiallyConforms:
    'This shop is partially compliant with the Web Content Accessibility Guidelines version 2.2 AA standard, because of the non-accessible content listed below.',

  nonAccessible: 'Non-accessible content',
  nonAccessibleIntro:
    'The content listed below does not yet fully meet the WCAG 2.2 AA success criteria named against it.',
  noneKnown: 'We know of no content that does not meet the WCAG 2.2 AA success criteria.',
  /** What a criterion only partly met lacks and when it is to be fixed: in this list and in its row below. */
  gap: (gap: string, fixBy: string) => `${gap} We plan to fix this by ${dayText(fixBy)}.`,

  improving: 'What we’re doing to improve accessibility',
  improvingText: (lastFix: string | undefined, review: string) =>
    lastFix === undefined
      ? `We test the shop before every release, and we will review this statement by ${dayText(review)}.`
      : `We plan to fix the non-accessible content by the dates given against it, all of it by ${dayText(lastFix)}, and we will review this statement by ${dayText(review)}.`,

  testing: 'How we tested this shop',
  testedOn: (day: string, shop: string) =>
    `This shop was last tested on ${dayText(day)}. The test was carried out by our own team at ${shop}, with automated tests that run before every release.`,
  pagesChosen:
    'We chose the pages to test like this: one page of each kind in the sitemap (the home page, the landing pages, a listing and a later page of it, each type of product page, content pages and privacy pages); the pages of the shopping journeys (basket, checkout, account and order pages, quick order, the trade account application, service booking and order lookup); and, in a full sweep before a release, every page in the sitemap.',
  methodsIntro: 'The tests include:',
  prepared: (prepared: string) => `This statement was prepared on ${dayText(prepared)}.`,

  byCriterion: 'Conformance by criterion',
  byCriterionIntro:
    'Each success criterion of WCAG 2.2 at levels A and AA, how the shop meets it, or why it does not apply. Each “meets” rests on an automated test that runs before every release.',
  principle: (number: number, name: string) => `Principle ${number}: ${name}`,
  columns: { criterion: 'Criterion', level: 'Level', status: 'Status', how: 'How' },
  status: { met: 'Meets', partly: 'Partly meets', 'not-applicable': 'Not applicable' },
  evidence: (count: number) =>
    count === 1 ? 'The test that checks this' : `The ${count} tests that check this`,
  /** The spec file a test is in, beside its title. */
  inSpec: (spec: string) => `in ${spec}`,
} as const;
