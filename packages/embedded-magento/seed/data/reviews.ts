/**
 * What the demo reviews are written from, in British English: per product family the things reviewers
 * praise and complain about and the titles they give, the openers and closers of each mood, and the
 * nicknames people sign with. `{kind}` stands for the product's kind in lower case ("pressure washer").
 */
import type { FamilyName } from './shape.ts';

export interface FamilyReviewText {
  /** Full sentences praising one thing. */
  readonly praise: readonly string[];
  /** Full sentences with an honest complaint. */
  readonly complaints: readonly string[];
  /** Titles of a happy review. */
  readonly good: readonly string[];
  /** Titles of an unhappy one. */
  readonly bad: readonly string[];
}

export const FAMILY_REVIEWS: Readonly<Record<FamilyName, FamilyReviewText>> = {
  pressure: {
    praise: [
      'Took years of green algae off the patio in an afternoon.',
      'The car came up like new, even the alloys.',
      'Plenty of pressure for the block paving and the decking alike.',
      'The quick-connect hose and lance click together in seconds.',
      'Starts first time, every time, and the pressure is easy to turn down for the car.',
      'The surface cleaner attachment saved me hours on the driveway.',
      'Quieter than my old one and it uses far less water than the hose.',
      'The detergent tank makes a proper job of the caravan roof.',
    ],
    complaints: [
      'The hose kinks constantly unless you unroll every metre of it.',
      'The plastic trigger gun feels flimsy for the price.',
      'The power cable is too short, so you need an extension lead outside.',
      'It leaks a little at the pump connection after a few uses.',
      'The hose reel is fiddly to wind back and jams now and then.',
      'It cut out twice on a hot afternoon and needed a rest before it would restart.',
    ],
    good: [
      'Patio looks brand new',
      'Brilliant on the driveway',
      'Does exactly what it says',
      'Cleaned the car in no time',
      'Powerful and easy to use',
    ],
    bad: ['Hose is a nightmare', 'Leaks from the pump', 'Not as powerful as claimed'],
  },
  vacuum: {
    praise: [
      'Picks up dog hair from the carpets in one pass.',
      'Strong suction and it copes with wet spills in the garage too.',
      'The long cable means I can do the whole floor from one socket.',
      'Emptying the tank is quick and the filter is easy to tap clean.',
      'Light enough to carry up the stairs without a struggle.',
      'The crevice tool gets right into the corners of the car.',
      'Handled plaster dust from the extension without clogging.',
      'Much quieter than I expected for the power.',
    ],
    complaints: [
      'The hose pops off the body if you pull it round a corner.',
      'Replacement filter bags are pricey and hard to find in the shops.',
      'The castors snag on rugs and it tips over.',
      'Suction drops noticeably once the bag is half full.',
      'The accessories have nowhere to clip on, so they end up in a drawer.',
      'The plastic latch on the tank cracked within a few months.',
    ],
    good: [
      'Brilliant suction',
      'Best vacuum I have owned',
      'Great for the workshop',
      'Copes with anything',
      'Does the job well',
    ],
    bad: ['Loses suction quickly', 'Poorly made latch', 'Hose keeps falling off'],
  },
  steam: {
    praise: [
      'Grout lines in the bathroom are white again with no chemicals.',
      'Heats up in a few minutes and the steam lasts a good while.',
      'Cut through the grease on the hob and the oven door easily.',
      'Lovely to be able to clean the kitchen floor without any products.',
      'The small brushes get into the taps and round the sink.',
      'The child lock on the steam trigger gives me peace of mind.',
    ],
    complaints: [
      'It spits water for the first minute or two.',
      'The tank is small, so you are refilling it often on big floors.',
      'The floor cloths wear out quickly and cost a fair bit to replace.',
      'You have to wait for it to cool before refilling, which slows things down.',
      'Limescale builds up quickly in a hard water area.',
    ],
    good: ['Grout like new', 'Chemical-free cleaning that works', 'Great in the kitchen', 'Really impressed'],
    bad: ['Spits water everywhere', 'Tank far too small'],
  },
  floor: {
    praise: [
      'Leaves the tiled floor dry enough to walk on within minutes.',
      'Mops and vacuums in one go, which halves the time it takes.',
      'The rollers lift muddy paw prints straight off.',
      'The self-cleaning cycle means I never have to touch the dirty rollers.',
      'Our shop floor has never looked this good after closing.',
      'Easy to steer round table legs and under the cupboards.',
    ],
    complaints: [
      'The dirty water tank needs emptying more often than I would like.',
      'It leaves streaks on our glossy tiles unless you go over twice.',
      'Heavier than it looks, not great for the stairs.',
      'The battery runs out before I finish the ground floor.',
      'The rollers smell if you do not dry them out properly.',
    ],
    good: ['Floors sparkle', 'Saves so much time', 'Best floor cleaner we have had', 'Great on tiles'],
    bad: ['Leaves streaks', 'Battery does not last'],
  },
  sweeper: {
    praise: [
      'Clears the yard of leaves and grit in a few minutes.',
      'Picks up far more than a broom ever did on the block paving.',
      'The side brush gets right up to the kerb.',
      'Folds away flat, so it hangs on the garage wall.',
      'Our car park looks tidy every morning now.',
    ],
    complaints: [
      'It struggles with wet leaves, which clog the brush.',
      'The hopper is small and needs emptying often.',
      'The handle wobbles where it joins the frame.',
      'Leaves a fine line of dust at the edges.',
    ],
    good: ['Yard looks spotless', 'Brilliant for leaves', 'Better than a broom by miles'],
    bad: ['Clogs with wet leaves', 'Handle is wobbly'],
  },
  window: {
    praise: [
      'No more streaks on the patio doors.',
      'Sucks the water off the windows so nothing drips onto the sill.',
      'Brilliant on the shower screen every morning.',
      'The battery lasts for every window in the house.',
      'Condensation in winter is gone in a minute.',
      'Light and comfortable to hold at full stretch.',
    ],
    complaints: [
      'Struggles with the small panes of our Georgian windows.',
      'The spray bottle leaks if it is not screwed on just right.',
      'The blade leaves a thin line at the edge of the glass.',
      'The charging lead is very short.',
    ],
    good: [
      'Streak-free windows at last',
      'A must for the shower screen',
      'Clever little gadget',
      'Saves so much time',
    ],
    bad: ['Leaves lines on the glass', 'Spray bottle leaks'],
  },
  garden: {
    praise: [
      'Made short work of the moss on the paths.',
      'Tidies up the borders in half the time.',
      'Easy to handle, even for my mum.',
      'The battery lasts for the whole garden and some.',
      'Well balanced and does not tire your arms.',
    ],
    complaints: [
      'The battery and charger are sold separately, which is not made clear.',
      'The guard clogs up with wet grass.',
      'A bit noisy for early on a Sunday.',
      'The on switch is awkward to hold for long.',
    ],
    good: ['Garden has never looked better', 'Great little tool', 'Does the job nicely'],
    bad: ['Battery not included', 'Clogs too easily'],
  },
  pump: {
    praise: [
      'Emptied the flooded cellar in under an hour.',
      'Switches itself on and off with the float, so it just gets on with it.',
      'Runs the water butt to the whole garden with decent pressure.',
      'Quiet enough that the neighbours never noticed it running.',
      'The hose fittings suit the standard connectors I already had.',
    ],
    complaints: [
      'The float switch stuck once and the pump ran dry.',
      'It leaves a few centimetres of water it cannot reach.',
      'The outlet adaptor is a tight fit on a 25 mm hose.',
    ],
    good: ['Saved our cellar', 'Reliable and quiet', 'Does exactly what it should'],
    bad: ['Float switch sticks', 'Leaves too much water behind'],
  },
  industrial: {
    praise: [
      'Runs a full shift day in, day out without a hiccup.',
      'Built like a tank and easy for the team to learn.',
      'The service intervals are sensible and parts arrive quickly.',
      'Cut our cleaning time on the site by about a third.',
      'Copes with the worst our workshop throws at it.',
      'The controls are simple enough for new starters.',
    ],
    complaints: [
      'The manual is thin on troubleshooting.',
      'Spares are expensive once it is out of warranty.',
      'It is heavy to move between floors without a lift.',
      'The delivery took longer than the two weeks promised.',
      'Noisier than the spec sheet suggests.',
    ],
    good: [
      'Workhorse of a machine',
      'Well built and reliable',
      'Worth every penny for the business',
      'Our team love it',
    ],
    bad: ['Spares cost a fortune', 'Too heavy for our site'],
  },
  detergent: {
    praise: [
      'A little goes a long way, so the bottle lasts ages.',
      'Lifted the oily marks off the drive without scrubbing.',
      'Smells fresh rather than chemical.',
      'Rinses off cleanly and leaves no film behind.',
      'Works a treat through the pressure washer detergent tank.',
      'Safe on the car paintwork and the trim.',
    ],
    complaints: [
      'The cap is hard to open with wet hands.',
      'Not strong enough for heavy grease on its own.',
      'The dosing guide on the label is tiny and hard to read.',
      'Pricey compared with supermarket cleaners.',
    ],
    good: [
      'Works a treat',
      'Lasts for ages',
      'Great with the pressure washer',
      'Better than the supermarket stuff',
    ],
    bad: ['Too weak for grease', 'Overpriced'],
  },
  accessory: {
    praise: [
      'Fits my machine perfectly and clicks straight on.',
      'Better made than the one that came in the box.',
      'Arrived the next day, well packed.',
      'Makes the job much quicker than before.',
      'Good quality for the price.',
    ],
    complaints: [
      'Did not fit my older model, even though the description said it would.',
      'The seal wore out after a few uses.',
      'Expensive for what it is.',
      'The thread is a little tight at first.',
    ],
    good: ['Perfect fit', 'Does the job', 'Worth buying', 'Good quality spare'],
    bad: ['Did not fit', 'Wore out quickly'],
  },
};

/** Openers by mood: 5 stars, 4, 3, and 1–2. */
export const OPENERS = {
  praise: [
    'Absolutely delighted with this {kind}.',
    'Could not be happier with it.',
    'Bought this after reading the reviews and they were right.',
    'Should have bought one years ago.',
    'Really impressed.',
    'Excellent {kind}.',
    'Replaced an old one that finally gave up, and this is far better.',
  ],
  good: [
    'Very pleased overall.',
    'A good {kind} for the money.',
    'Does the job well.',
    'Happy with this so far.',
    'Solid and well made.',
    'Does what it says on the tin.',
  ],
  mixed: [
    'It is fine, but not without its faults.',
    'Mixed feelings about this one.',
    'Does the job, just about.',
    'Good in some ways, less so in others.',
    'It works, but I expected a bit more for the price.',
  ],
  poor: [
    'Really disappointed.',
    'Would not buy again.',
    'Not what I hoped for.',
    'Sadly this has been a let-down.',
    'I wanted to like this {kind}, but no.',
  ],
} as const;

export const CLOSERS = {
  praise: [
    'Highly recommended.',
    'Would buy again without a second thought.',
    'Five stars from me.',
    'Worth every penny.',
    'Already recommended it to the neighbours.',
    '',
  ],
  good: [
    'Would recommend.',
    'Four stars only because nothing is perfect.',
    'Good value overall.',
    'Happy with the purchase.',
    '',
  ],
  mixed: [
    'It is OK for occasional use.',
    'Three stars: it does the job, but check it suits you first.',
    'Would think twice before buying again.',
    '',
  ],
  poor: [
    'I have asked for a refund.',
    'Customer service were helpful, to be fair, but the product is not up to it.',
    'Save your money and look elsewhere.',
    'Returned it.',
  ],
} as const;

/** Where home and professional reviewers say they use it. */
export const CONTEXTS = {
  HG: [
    'We use it every other weekend.',
    'I mainly use it round the house and garden.',
    'Used it on the patio, the car and the bins so far.',
    'We live in a terraced house, so storage space matters, and it tucks away neatly.',
    'My partner has started borrowing it too.',
    '',
    '',
  ],
  P: [
    'We run it five days a week in our depot.',
    'Bought two for our contract cleaning team.',
    'Used daily on a busy building site.',
    'It is on our hire fleet and customers keep asking for it.',
    'We look after three care homes and it does them all.',
    '',
  ],
} as const;

/** Titles of any family by mood, when the family's own are not used. */
export const SUMMARIES = {
  praise: ['Excellent', 'Brilliant piece of kit', 'Superb', 'Highly recommend', 'Love it', 'Five stars'],
  good: ['Very good', 'Good value', 'Pleased with it', 'Does the job', 'Solid buy'],
  mixed: ['OK but not great', 'Average', 'Could be better', 'Fine for the price', 'Mixed feelings'],
  poor: ['Disappointed', 'Not worth the money', 'Poor quality', 'Would not recommend', 'Broke quickly'],
} as const;

export const FIRST_NAMES = [
  'Dave',
  'Sarah',
  'Mike',
  'Helen',
  'Gareth',
  'Priya',
  'Tom',
  'Emma',
  'Steve',
  'Claire',
  'Rob',
  'Fiona',
  'Ian',
  'Aisha',
  'Pete',
  'Joanne',
  'Callum',
  'Megan',
  'Neil',
  'Rachel',
  'Alan',
  'Sophie',
  'Rhys',
  'Lucy',
  'Graham',
  'Hannah',
  'Kev',
  'Bethan',
  'Martin',
  'Zara',
  'Colin',
  'Niamh',
  'Barry',
  'Grace',
  'Andy',
  'Jas',
];

export const TOWNS = [
  'Leeds',
  'Bristol',
  'Swansea',
  'Norwich',
  'Glasgow',
  'Derby',
  'Exeter',
  'York',
  'Cardiff',
  'Brighton',
  'Preston',
  'Ipswich',
  'Belfast',
  'Stoke',
  'Hull',
  'Bath',
  'Luton',
  'Aberdeen',
  'Carlisle',
  'Truro',
];

export const HANDLES = [
  'GardenGnome',
  'PatioPete',
  'DIY Dad',
  'BusyMumOf3',
  'Retired engineer',
  'Classic car fan',
  'Dog owner',
  'First-time buyer',
  'Keen gardener',
  'Caravan owner',
  'Landlord',
  'Allotment Al',
  'Verified buyer',
];

export const ROLES = [
  'facilities manager',
  'site manager',
  'cleaning contractor',
  'fleet manager',
  'farm owner',
  'workshop foreman',
  'caretaker',
  'hotel housekeeper',
  'valeting business',
  'hire shop owner',
];

/** Pending reviews just in: short, some waiting to be checked. */
export const FIRST_IMPRESSIONS = [
  'Arrived today, well packed. First impressions are good, will update after the weekend.',
  'Only used it once so far but it seems well made.',
  'Delivered quickly. Setting it up was straightforward.',
  'Used it on the drive this morning and it did a decent job.',
];

/** Not reviews at all: what a moderator rejects. */
export const NOT_REVIEWS = [
  { summary: 'Where is my order', text: 'Ordered a week ago and still nothing. Please call me back.' },
  { summary: 'Cheap filters', text: 'Get filters for half the price at my shop, message me for the link.' },
  { summary: 'Question', text: 'Does this come with a UK plug or do I need an adaptor?' },
] as const;
