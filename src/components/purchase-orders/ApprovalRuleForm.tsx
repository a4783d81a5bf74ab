/**
 * The approval-rule form (ApprovalRules.tsx): a name, what the rule looks at (the order total, delivery,
 * the number of different products) against an amount or a count, the roles it applies to (none: everyone)
 * and those who must approve. The form's problems are said beside each field before anything is sent.
 */
import { useState } from 'react';
import {
  approvalRuleTexts as t,
  countsProducts,
  RULE_ATTRIBUTES,
  RULE_OPERATORS,
  ruleFromForm,
  ruleProblems,
  type CompanyRole,
  type RuleBody,
  type RuleField,
  type RuleForm,
} from '../../features/purchase-orders/index.ts';

interface Props {
  title: string;
  first: RuleForm;
  appliesTo: readonly CompanyRole[];
  approvers: readonly CompanyRole[];
  busy: boolean;
  onSave: (rule: RuleBody) => void;
  onCancel: () => void;
}

const toggled = (list: readonly string[], id: string, on: boolean): string[] =>
  on ? [...list.filter((each) => each !== id), id] : list.filter((each) => each !== id);

function Roles(props: {
  legend: string;
  hint: string;
  name: string;
  roles: readonly CompanyRole[];
  chosen: readonly string[];
  error?: string | undefined;
  onChange: (chosen: string[]) => void;
}) {
  return (
    <fieldset aria-describedby={`${props.name}-hint`}>
      <legend>{props.legend}</legend>
      <p className="field-hint" id={`${props.name}-hint`}>
        {props.hint}
      </p>
      {props.roles.map((role) => (
        <label key={role.id} className="checkbox">
          <input
            type="checkbox"
            name={props.name}
            checked={props.chosen.includes(role.id)}
            onChange={(event) => props.onChange(toggled(props.chosen, role.id, event.currentTarget.checked))}
          />{' '}
          {role.name}
        </label>
      ))}
      {props.error && <p className="field-error">{props.error}</p>}
    </fieldset>
  );
}

/** What the rule looks at, how it compares, and the amount or count. */
function Condition({
  form,
  problem,
  set,
}: {
  form: RuleForm;
  problem: string | undefined;
  set: (change: Partial<RuleForm>) => void;
}) {
  return (
    <fieldset>
      <legend>{t.condition}</legend>
      <label htmlFor="rule-attribute">{t.ruleType}</label>
      <select
        id="rule-attribute"
        value={form.attribute}
        onChange={(e) =>
          set({ attribute: RULE_ATTRIBUTES.find((a) => a === e.currentTarget.value) ?? 'GRAND_TOTAL' })
        }
      >
        {RULE_ATTRIBUTES.map((each) => (
          <option key={each} value={each}>
            {t.attribute[each]}
          </option>
        ))}
      </select>
      <label htmlFor="rule-operator">{t.comparison}</label>
      <select
        id="rule-operator"
        value={form.operator}
        onChange={(e) =>
          set({ operator: RULE_OPERATORS.find((o) => o === e.currentTarget.value) ?? 'MORE_THAN' })
        }
      >
        {RULE_OPERATORS.map((each) => (
          <option key={each} value={each}>
            {t.operator[each]}
          </option>
        ))}
      </select>
      <label htmlFor="rule-value">{countsProducts(form.attribute) ? t.quantity : t.amount}</label>
      <input
        id="rule-value"
        inputMode={countsProducts(form.attribute) ? 'numeric' : 'decimal'}
        value={form.value}
        onChange={(e) => set({ value: e.currentTarget.value })}
      />
      {problem && <p className="field-error">{problem}</p>}
    </fieldset>
  );
}

export function ApprovalRuleForm({ title, first, appliesTo, approvers, busy, onSave, onCancel }: Props) {
  const [form, setForm] = useState<RuleForm>(first);
  const [problems, setProblems] = useState<Partial<Record<RuleField, string>>>({});
  const set = (change: Partial<RuleForm>) => setForm((now) => ({ ...now, ...change }));

  function submit() {
    const found = ruleProblems(form);
    setProblems(found);
    const rule = ruleFromForm(form);
    if (rule) onSave(rule);
  }

  return (
    <form
      className="account-form po-rule-form"
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2>{title}</h2>
      <label htmlFor="rule-name">{t.name}</label>
      <input id="rule-name" value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} />
      {problems.name && <p className="field-error">{problems.name}</p>}
      <label htmlFor="rule-description">{t.description}</label>
      <textarea
        id="rule-description"
        value={form.description}
        onChange={(e) => set({ description: e.currentTarget.value })}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />{' '}
        {t.active}
      </label>
      <Condition form={form} problem={problems.value} set={set} />
      <Roles
        legend={t.appliesTo}
        hint={t.appliesToHint}
        name="rule-applies-to"
        roles={appliesTo}
        chosen={form.appliesTo}
        onChange={(chosen) => set({ appliesTo: chosen })}
      />
      <Roles
        legend={t.approvers}
        hint={t.approversHint}
        name="rule-approvers"
        roles={approvers}
        chosen={form.approvers}
        error={problems.approvers}
        onChange={(chosen) => set({ approvers: chosen })}
      />
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t.cancelEdit}
        </button>
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {busy ? t.saving : t.save}
        </button>
      </div>
    </form>
  );
}
