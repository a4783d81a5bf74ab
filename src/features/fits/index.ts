/** The door of features/fits: what the rest of the shop may use of it (eslint/doors.js). */
export { isLabels, isModels, loadModelParts, loadModels } from './fit-data.ts';
export { PARTS_FINDER_ANSWER, PARTS_FINDER_PATH, partsPagePath } from './paths.ts';
export { fitSearchTexts } from './search-texts.ts';
export { finderTexts, fitTexts } from './texts.ts';
