/**
 * One line of the return form, a fieldset named by the product: how many to send back (up to what may
 * still be returned) and the condition it is in, each with its problem under it and tied to it; or, when
 * none of it can be returned, why.
 */
import type { ReturnChoice, ReturnLineFacts } from '../../features/returns/returns.ts';
import { strings } from '../../strings.ts';
import { conditionField, qtyField } from './form-request.ts';

const t = strings.returns;

interface LineProps {
  form: string;
  line: ReturnLineFacts;
  conditions: readonly ReturnChoice[];
  problems: Readonly<Record<string, string>>;
}

const described = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

/** What a line's category allows, in the store's words: "Detergents can only be returned unopened." */
function onlyIn(line: ReturnLineFacts, conditions: readonly ReturnChoice[]): string | undefined {
  if (!line.conditions) return undefined;
  const labels = line.conditions.map(
    (code) => conditions.find((choice) => choice.code === code)?.label ?? code,
  );
  return t.onlyIn(line.category ?? line.name, labels);
}

function Problem({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="field-error" id={id}>
      {text}
    </p>
  ) : null;
}

export function ReturnLine({ form, line, conditions, problems }: LineProps) {
  const qty = qtyField(line.orderItemId);
  const condition = conditionField(line.orderItemId);
  const [qtyId, conditionId] = [`${form}-${qty}`, `${form}-${condition}`];
  const rule = onlyIn(line, conditions);
  return (
    <fieldset className="return-line">
      <legend>
        {line.name} <span className="return-line__sku">({line.sku})</span>
      </legend>
      <p className="return-line__ordered">
        {t.ordered}: {line.ordered}
      </p>
      {line.why !== null ? (
        <p className="return-line__why">
          <strong>{t.notReturnable}.</strong> {line.why}
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={qtyId}>{t.quantity(line.name)}</label>
            <p className="field-hint" id={`${qtyId}-hint`}>
              {t.quantityHint(line.returnable)}
            </p>
            <input
              id={qtyId}
              name={qty}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.returnable}
              step={1}
              defaultValue="0"
              aria-invalid={problems[qty] ? true : undefined}
              aria-describedby={described(`${qtyId}-hint`, Boolean(problems[qty]) && `${qtyId}-error`)}
            />
            <Problem id={`${qtyId}-error`} text={problems[qty]} />
          </div>
          <div className="field">
            <label htmlFor={conditionId}>{t.condition(line.name)}</label>
            {rule && (
              <p className="field-hint" id={`${conditionId}-hint`}>
                {rule}
              </p>
            )}
            <select
              id={conditionId}
              name={condition}
              defaultValue=""
              aria-invalid={problems[condition] ? true : undefined}
              aria-describedby={described(
                Boolean(rule) && `${conditionId}-hint`,
                Boolean(problems[condition]) && `${conditionId}-error`,
              )}
            >
              <option value="">{t.chooseCondition}</option>
              {conditions.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </select>
            <Problem id={`${conditionId}-error`} text={problems[condition]} />
          </div>
        </>
      )}
    </fieldset>
  );
}
