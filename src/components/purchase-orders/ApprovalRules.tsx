/**
 * The company's approval rules (issue 68, /company/approval-rules): the list as Magento keeps it (name,
 * condition, whom it applies to, who approves, active or not) and, for roles that may manage them, the
 * form to add, edit and delete a rule (ApprovalRuleForm.tsx).
 */
import { useState } from 'react';
import {
  approvalRuleTexts as t,
  conditionText,
  deleteApprovalRule,
  EMPTY_RULE_FORM,
  formOfRule,
  readApprovalRules,
  saveApprovalRule,
  type ApprovalRule,
  type RuleBody,
  type RulesAnswer,
} from '../../features/purchase-orders/index.ts';
import { leftForSignIn } from '../../shop-api/navigation.ts';
import { problemText } from '../../shop-api/problem.ts';
import { FormError } from '../../ui/forms/Field.tsx';
import { LoadStatus } from '../../ui/forms/LoadStatus.tsx';
import { useBusy } from '../../ui/forms/use-busy.ts';
import { useLoad } from '../../ui/forms/use-load.ts';
import { ApprovalRuleForm } from './ApprovalRuleForm.tsx';
import '../../styles/forms.css';
import './purchase-orders.css';

type Editing = { rule: ApprovalRule | undefined } | undefined;

const names = (roles: ApprovalRule['approvers']): string => roles.map((role) => role.name).join(', ');

function RuleRows(props: {
  answer: RulesAnswer;
  busy: boolean;
  onEdit: (r: ApprovalRule) => void;
  onDelete: (r: ApprovalRule) => void;
}) {
  const { answer, busy } = props;
  if (answer.rules.length === 0) return <p>{t.none}</p>;
  return (
    <table className="po-table">
      <caption className="visually-hidden">{t.title}</caption>
      <thead>
        <tr>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.condition}</th>
          <th scope="col">{t.appliesTo}</th>
          <th scope="col">{t.approvers}</th>
          <th scope="col">{t.status}</th>
          {answer.canManage && <th scope="col">{t.actions}</th>}
        </tr>
      </thead>
      <tbody>
        {answer.rules.map((rule) => (
          <tr key={rule.uid}>
            <td data-label={t.name}>{rule.name}</td>
            <td data-label={t.condition}>{conditionText(rule.condition)}</td>
            <td data-label={t.appliesTo}>
              {rule.appliesTo.length === 0 ? t.everyone : names(rule.appliesTo)}
            </td>
            <td data-label={t.approvers}>{names(rule.approvers)}</td>
            <td data-label={t.status}>{rule.enabled ? t.enabled : t.disabled}</td>
            {answer.canManage && (
              <td>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={busy || undefined}
                  onClick={() => props.onEdit(rule)}
                >
                  {t.edit}
                  <span className="visually-hidden"> {rule.name}</span>
                </button>{' '}
                <button
                  type="button"
                  className="button button--secondary"
                  aria-disabled={busy || undefined}
                  onClick={() => props.onDelete(rule)}
                >
                  {t.delete}
                  <span className="visually-hidden"> {rule.name}</span>
                </button>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Rules({ first }: { first: RulesAnswer }) {
  const [answer, setAnswer] = useState(first);
  const [editing, setEditing] = useState<Editing>();
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const { busy, start, finish } = useBusy();

  async function change(work: () => Promise<unknown>, done: string) {
    if (!start(true)) return;
    setSaid('');
    setError('');
    try {
      await work();
      setAnswer(await readApprovalRules());
      setEditing(undefined);
      setSaid(done);
    } catch (failure) {
      if (!leftForSignIn(failure)) setError(problemText(failure));
    } finally {
      finish();
    }
  }
  const save = (rule: RuleBody) => void change(() => saveApprovalRule(rule, editing?.rule?.uid), t.saved);
  const remove = (rule: ApprovalRule) => {
    if (window.confirm(t.confirmDelete(rule.name)))
      void change(() => deleteApprovalRule(rule.uid), t.deleted);
  };

  return (
    <div className="approval-rules">
      <p>{t.intro}</p>
      <RuleRows answer={answer} busy={busy} onEdit={(rule) => setEditing({ rule })} onDelete={remove} />
      <p role="status">{said}</p>
      <FormError id="approval-rules-error" message={error} />
      {answer.canManage && !editing && (
        <button type="button" className="button" onClick={() => setEditing({ rule: undefined })}>
          {t.add}
        </button>
      )}
      {editing && (
        <ApprovalRuleForm
          key={editing.rule?.uid ?? 'new'}
          title={editing.rule ? t.formTitleEdit(editing.rule.name) : t.formTitleNew}
          first={editing.rule ? formOfRule(editing.rule) : EMPTY_RULE_FORM}
          appliesTo={answer.appliesTo}
          approvers={answer.approvers}
          busy={busy}
          onSave={save}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </div>
  );
}

export default function ApprovalRules() {
  const { state, retry } = useLoad(() => readApprovalRules(), { signIn: true });
  if (state.status !== 'ready')
    return <LoadStatus state={state} className="account-status" text={t.loading} onRetry={retry} />;
  return <Rules first={state.value} />;
}
