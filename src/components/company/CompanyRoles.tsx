/**
 * The company page's roles: each with its permissions as Adobe's tree of checkboxes (saved with the role's
 * name, when the role allows editing roles), deleted when no user has it, and a new role made the same way.
 */
import type { FormEvent } from 'react';
import {
  changeCompany,
  companyTexts as t,
  type AclNode,
  type CompanyAnswer,
  type CompanyRoleRow,
} from '../../features/company/index.ts';
import type { Actions } from './CompanyUsers.tsx';

function Tree({
  nodes,
  allowed,
  form,
  disabled,
}: {
  nodes: readonly AclNode[];
  allowed: ReadonlySet<string>;
  form: string;
  disabled: boolean;
}) {
  return (
    <ul className="company__tree">
      {nodes.map((node) => {
        const id = `${form}-${node.id.replace(/[^A-Za-z0-9]/g, '-')}`;
        return (
          <li key={node.id}>
            <input
              type="checkbox"
              id={id}
              name="permission"
              value={node.id}
              defaultChecked={allowed.has(node.id)}
              disabled={disabled}
            />
            <label htmlFor={id}>{node.label}</label>
            {node.children.length > 0 && (
              <Tree nodes={node.children} allowed={allowed} form={form} disabled={disabled} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

const permissionsOf = (form: HTMLFormElement): string[] =>
  new FormData(form).getAll('permission').filter((entry): entry is string => typeof entry === 'string');
const nameOf = (form: HTMLFormElement): string => {
  const entry = new FormData(form).get('name');
  return typeof entry === 'string' ? entry : '';
};

interface RoleProps {
  role: CompanyRoleRow;
  company: CompanyAnswer;
  actions: Actions;
}

function Role({ role, company, actions }: RoleProps) {
  const form = `company-role-${role.uid.replace(/[^A-Za-z0-9]/g, '')}`;
  const editable = company.mayEditRoles;
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    void actions.change(
      `role-${role.uid}`,
      () =>
        changeCompany('PUT', `/roles/${encodeURIComponent(role.uid)}`, {
          name: nameOf(element),
          permissions: permissionsOf(element),
        }),
      t.saved,
    );
  }
  return (
    <details className="company__role">
      <summary>
        {role.name} <span className="company__muted">({t.usersCount(role.usersCount)})</span>
      </summary>
      <form onSubmit={save} aria-label={t.permissionsOf(role.name)}>
        <label htmlFor={`${form}-name`}>{t.roleName}</label>
        <input
          id={`${form}-name`}
          name="name"
          defaultValue={role.name}
          required
          maxLength={255}
          disabled={!editable}
        />
        <fieldset>
          <legend>{t.permissionsOf(role.name)}</legend>
          <Tree nodes={company.acl ?? []} allowed={new Set(role.allowed)} form={form} disabled={!editable} />
        </fieldset>
        {editable && (
          <p className="company__buttons">
            <button type="submit" className="button" aria-disabled={actions.busy || undefined}>
              {t.saveRole(role.name)}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={actions.busy || undefined}
              onClick={() =>
                void actions.change(
                  `delete-${role.uid}`,
                  () => changeCompany('DELETE', `/roles/${encodeURIComponent(role.uid)}`),
                  t.saved,
                )
              }
            >
              {t.deleteRole(role.name)}
            </button>
          </p>
        )}
      </form>
    </details>
  );
}

function NewRole({ company, actions }: { company: CompanyAnswer; actions: Actions }) {
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    void actions
      .change(
        'add-role',
        () => changeCompany('POST', '/roles', { name: nameOf(element), permissions: permissionsOf(element) }),
        t.saved,
      )
      .then((done) => {
        if (done) element.reset();
      });
  }
  return (
    <details className="company__role">
      <summary>{t.addRole}</summary>
      <form onSubmit={add} aria-label={t.addRole}>
        <label htmlFor="company-new-role-name">{t.roleName}</label>
        <input id="company-new-role-name" name="name" required maxLength={255} />
        <fieldset>
          <legend>{t.permissionsOf(t.addRole)}</legend>
          <Tree nodes={company.acl ?? []} allowed={new Set()} form="company-new-role" disabled={false} />
        </fieldset>
        <button type="submit" className="button" aria-disabled={actions.busy || undefined}>
          {t.addRole}
        </button>
      </form>
    </details>
  );
}

export function CompanyRoles({ company, actions }: { company: CompanyAnswer; actions: Actions }) {
  if (!company.roles) return null;
  return (
    <section className="company__section" aria-labelledby="company-roles">
      <h2 id="company-roles">{t.roles}</h2>
      {company.roles.map((role) => (
        <Role key={role.uid} role={role} company={company} actions={actions} />
      ))}
      {company.mayEditRoles && <NewRole company={company} actions={actions} />}
    </section>
  );
}
