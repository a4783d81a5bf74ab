/** The door of features/product-data: what the rest of the shop may use of it (eslint/doors.js). */
export { buildProductCodes } from './build-codes.ts';
export { allFacts, LIST_ATTRIBUTES } from './build-facts.ts';
export { codeFiles, factsIn, foldCode, productCodeFile, readCodesFile } from './codes.ts';
export type { ProductCodesFile } from './codes.ts';
export { productFactsReader } from './facts-reader.ts';
export { factsCache, loadFacts } from './facts.ts';
export type { FactsChild, FactsResult, FactsTierPrice, ProductDataFile, ProductFacts } from './facts.ts';
export { PRODUCT_DATA_BASE, PRODUCT_DATA_SHARDS, productDataShard, productDataUrl } from './files.ts';
export { choiceIn, choicesOf } from './variant-choice.ts';
export type { VariantChoice } from './variant-choice.ts';
export { variantName } from './variant-name.ts';
export { variantChoiceModule } from './lazy.ts';
