/**
 * The module's repositories' REST refusals (Model/AbstractRepository.php, RMARepository.php,
 * RmaItemManagement.php): a missing entity is 404 with its label and id as parameters; a save or delete
 * the database refuses is 400 "Could not save the %1: %2" (Magento puts MySQL's own text in %2, this back
 * end says in words what was wrong).
 */
import { MagentoError } from '../errors.ts';

export const restErrors = {
  /** `AbstractRepository::loadEntity()`: 'The RMA Status with id "3" does not exist.' */
  notFound: (label: string, id: number | string) =>
    new MagentoError(404, 'The %1 with id "%2" does not exist.', [label, String(id)]),
  /** `RMARepository::get()`. */
  rmaNotFound: (id: number | string) =>
    new MagentoError(404, 'The RMA with id "%1" does not exist.', [String(id)]),
  rmaNumberNotFound: (incrementId: string) =>
    new MagentoError(404, 'The RMA with increment id "%1" does not exist.', [incrementId]),
  couldNotSave: (label: string, why: string) =>
    new MagentoError(400, 'Could not save the %1: %2', [label, why]),
  couldNotDelete: (label: string, why: string) =>
    new MagentoError(400, 'Could not delete the %1: %2', [label, why]),
  /** `RmaItemManagement::deleteById()`. */
  itemOfAnotherRma: () => new MagentoError(400, 'Item does not belong to this RMA.'),
};
