/**
 * The texts of writing a review, in a module of their own: features/shell/browser-texts.ts is bundled with every page's
 * shell, and these load only with the review form (components/reviews/review-form.client.ts), on its first
 * use. They belong to strings.ts, which re-exports them.
 */
import { shellTexts } from '../shell/index.ts';

/**
 * Writing a review (the product page's "Write a review" and the form it opens, loaded on first use), and
 * what the storefront server's `/reviews` routes answer. Magento's own words where its review form has them
 * (Review::validate, the "validate-rating" rule of its product page).
 */
export const reviewFormTexts = {
  write: 'Write a review',
  /** The form's heading. */
  heading: (product: string) => `Your review of ${product}`,
  /** Under the heading: what happens to a review (Magento saves it pending until a merchant approves it). */
  moderated: 'We read every review before it appears on this page.',
  required: 'All fields are required.',
  /** One radio button of a rating: "4 stars"; a value Magento names in words reads as it is. */
  stars: (value: string) => (/^\d+$/.test(value) ? (value === '1' ? '1 star' : `${value} stars`) : value),
  nickname: 'Nickname',
  nicknameHint: 'Shown with your review.',
  summary: 'Summary',
  summaryHint: 'Your review in a few words.',
  text: 'Review',
  submit: 'Submit review',
  sending: 'Sending your review…',
  cancel: 'Cancel',
  loading: 'Loading the review form…',
  /** Magento has the review; it shows once a merchant approves it. */
  thanks: 'Thank you: your review has been submitted for moderation.',
  thanksDetail: 'It will appear on this page once our team has checked it.',
  signIn: 'Sign in to write a review',
  signInWhy: 'Only customers with an account can write reviews.',
  off: 'Reviews cannot be written at the moment.',
  chooseRating: (rating: string) => `Please choose a star rating for ${rating}.`,
  /** Magento's Review::validate. */
  nicknameMissing: 'Please enter a nickname.',
  summaryMissing: 'Please enter a review summary.',
  textMissing: 'Please enter a review.',
  tooLong: (max: number, length: number) =>
    `Please shorten this to ${max.toLocaleString('en-GB')} characters or fewer (it has ${length.toLocaleString('en-GB')}).`,
  formUnavailable: "The review form can't be shown right now. Please try again in a moment.",
  sendUnavailable:
    "We couldn't send your review just now. Please try again in a moment: what you typed is still here.",
  tooMany: 'You have sent several reviews in a short time.',
  /** The server's answer to a body the form would never send. */
  badBody:
    'Send the review as {"sku", "nickname", "summary", "text", "ratings": [{"id", "value_id"}]}, every rating of the store once.',
  sessionEnded: shellTexts.sessionEnded,
} as const;

/** Writing a review, as src/strings.ts `ours` holds it: the product page's form and the `/reviews` answers. */
export const reviewsOurs = { reviews: reviewFormTexts } as const;
