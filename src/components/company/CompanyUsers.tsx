/**
 * The company page's users and teams: each user with their role, team and status (changed and saved per
 * row, or removed, when the role allows editing users), the teams (added, deleted), and the invitation form.
 */
import type { FormEvent } from 'react';
import {
  changeCompany,
  companyTexts as t,
  grantableRoles,
  mayChangeUser,
  sendInvitation,
  type CompanyAnswer,
  type CompanyUserRow,
} from '../../features/company/index.ts';

export interface Actions {
  readonly busy: boolean;
  change(key: string, work: () => Promise<CompanyAnswer | null>, done: string): Promise<boolean>;
  act(key: string, work: () => Promise<string>): Promise<boolean>;
}

const value = (data: FormData, name: string): string => {
  const entry = data.get(name);
  return typeof entry === 'string' ? entry : '';
};

/** The viewer as the grant rules read them: the administrator, or their role's resources. */
const viewer = (company: CompanyAnswer) => ({ isAdmin: company.isAdmin, allowed: new Set(company.allowed) });
/** The roles the viewer may hand out: none beyond their own (features/company/grants.ts). */
const grantable = (company: CompanyAnswer) => grantableRoles(viewer(company), company.roles ?? []);

interface RowProps {
  user: CompanyUserRow;
  company: CompanyAnswer;
  actions: Actions;
}

function UserForm({ user, company, actions }: RowProps) {
  const id = `company-user-${user.uid.replace(/[^A-Za-z0-9]/g, '')}`;
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const team = value(data, 'team');
    void actions.change(
      `save-${user.uid}`,
      () =>
        changeCompany('PUT', `/users/${encodeURIComponent(user.uid)}`, {
          role: value(data, 'role'),
          team: team === '' ? null : team,
          active: value(data, 'status') === 'active',
        }),
      t.saved,
    );
  }
  function remove() {
    if (!window.confirm(t.confirmRemove(user.name))) return;
    void actions.change(
      `remove-${user.uid}`,
      () => changeCompany('DELETE', `/users/${encodeURIComponent(user.uid)}`),
      t.saved,
    );
  }
  const options = (rows: readonly { uid: string; name: string }[]) =>
    rows.map((row) => (
      <option key={row.uid} value={row.uid}>
        {row.name}
      </option>
    ));
  return (
    <form className="company__row-form" onSubmit={save} aria-label={user.name}>
      <label htmlFor={`${id}-role`}>{t.role}</label>
      <select id={`${id}-role`} name="role" defaultValue={user.roleUid ?? ''}>
        {options(grantable(company))}
      </select>
      <label htmlFor={`${id}-team`}>{t.team}</label>
      <select id={`${id}-team`} name="team" defaultValue={user.teamUid ?? ''}>
        <option value="">{t.noTeam}</option>
        {options(company.teams ?? [])}
      </select>
      <label htmlFor={`${id}-status`}>{t.status}</label>
      <select id={`${id}-status`} name="status" defaultValue={user.active ? 'active' : 'inactive'}>
        <option value="active">{t.active}</option>
        <option value="inactive">{t.inactive}</option>
      </select>
      <button type="submit" className="button button--secondary" aria-disabled={actions.busy || undefined}>
        {t.save}
      </button>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={actions.busy || undefined}
        onClick={remove}
      >
        {t.remove}
        <span className="visually-hidden"> {user.name}</span>
      </button>
    </form>
  );
}

function UserRow({ user, company, actions }: RowProps) {
  return (
    <tr>
      <th scope="row">
        {user.name}
        <span className="company__line">{user.email}</span>
        {user.jobTitle && <span className="company__line">{user.jobTitle}</span>}
      </th>
      {company.mayEditUsers && mayChangeUser(viewer(company), user, company.roles ?? []) ? (
        <td colSpan={4}>
          <UserForm user={user} company={company} actions={actions} />
        </td>
      ) : (
        <>
          <td>{user.isAdmin ? t.administratorRole : (user.roleName ?? '')}</td>
          <td>{company.teams?.find((team) => team.uid === user.teamUid)?.name ?? t.noTeam}</td>
          <td>{user.active ? t.active : t.inactive}</td>
          <td />
        </>
      )}
    </tr>
  );
}

function Teams({ company, actions }: { company: CompanyAnswer; actions: Actions }) {
  const teams = company.teams ?? [];
  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void actions
      .change(
        'add-team',
        () =>
          changeCompany('POST', '/teams', {
            name: value(data, 'name'),
            description: value(data, 'description'),
          }),
        t.saved,
      )
      .then((done) => {
        if (done) form.reset();
      });
  }
  return (
    <section className="company__section" aria-labelledby="company-teams">
      <h2 id="company-teams">{t.teams}</h2>
      {teams.length === 0 ? (
        <p>{t.noTeams}</p>
      ) : (
        <ul className="company__list">
          {teams.map((team) => (
            <li key={team.uid}>
              {team.name}
              {team.description && ` – ${team.description}`}
              {company.mayEditUsers && (
                <button
                  type="button"
                  className="button button--link"
                  aria-disabled={actions.busy || undefined}
                  onClick={() =>
                    void actions.change(
                      `team-${team.uid}`,
                      () => changeCompany('DELETE', `/teams/${encodeURIComponent(team.uid)}`),
                      t.saved,
                    )
                  }
                >
                  {t.deleteTeam(team.name)}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {company.mayEditUsers && (
        <form className="company__form" onSubmit={add} aria-labelledby="company-add-team">
          <h3 id="company-add-team">{t.addTeam}</h3>
          <label htmlFor="company-team-name">{t.teamName}</label>
          <input id="company-team-name" name="name" required maxLength={255} />
          <label htmlFor="company-team-description">
            {t.teamDescription} {t.optional}
          </label>
          <input id="company-team-description" name="description" maxLength={1024} />
          <button type="submit" className="button" aria-disabled={actions.busy || undefined}>
            {t.addTeam}
          </button>
        </form>
      )}
    </section>
  );
}

function Invite({ company, actions }: { company: CompanyAnswer; actions: Actions }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const team = value(data, 'team');
    void actions
      .act('invite', async () => {
        const { email } = await sendInvitation({
          firstname: value(data, 'firstname'),
          lastname: value(data, 'lastname'),
          email: value(data, 'email'),
          jobTitle: value(data, 'jobTitle'),
          role: value(data, 'role'),
          team: team === '' ? null : team,
        });
        return t.invited(email);
      })
      .then((done) => {
        if (done) form.reset();
      });
  }
  const field = (name: string, label: string, type = 'text', autoComplete = 'off', required = true) => (
    <>
      <label htmlFor={`company-invite-${name}`}>
        {label}
        {!required && ` ${t.optional}`}
      </label>
      <input
        id={`company-invite-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={255}
      />
    </>
  );
  return (
    <section className="company__section" aria-labelledby="company-invite">
      <h2 id="company-invite">{t.invite}</h2>
      <p>{t.inviteIntro}</p>
      <form className="company__form" onSubmit={submit}>
        {field('firstname', t.firstname)}
        {field('lastname', t.lastname)}
        {field('email', t.email, 'email')}
        {field('jobTitle', t.jobTitle, 'text', 'off', false)}
        <label htmlFor="company-invite-role">{t.role}</label>
        <select id="company-invite-role" name="role" defaultValue={grantable(company)[0]?.uid}>
          {grantable(company).map((role) => (
            <option key={role.uid} value={role.uid}>
              {role.name}
            </option>
          ))}
        </select>
        <label htmlFor="company-invite-team">{t.team}</label>
        <select id="company-invite-team" name="team" defaultValue="">
          <option value="">{t.noTeam}</option>
          {(company.teams ?? []).map((team) => (
            <option key={team.uid} value={team.uid}>
              {team.name}
            </option>
          ))}
        </select>
        <button type="submit" className="button" aria-disabled={actions.busy || undefined}>
          {t.sendInvitation}
        </button>
      </form>
    </section>
  );
}

export function CompanyUsers({ company, actions }: { company: CompanyAnswer; actions: Actions }) {
  if (!company.users) return null;
  return (
    <>
      <section className="company__section" aria-labelledby="company-users">
        <h2 id="company-users">{t.users}</h2>
        <table className="company__table">
          <caption className="visually-hidden">{t.users}</caption>
          <thead>
            <tr>
              <th scope="col">{t.name}</th>
              <th scope="col">{t.role}</th>
              <th scope="col">{t.team}</th>
              <th scope="col">{t.status}</th>
              <th scope="col">
                <span className="visually-hidden">{t.save}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {company.users.map((user) => (
              <UserRow key={user.uid} user={user} company={company} actions={actions} />
            ))}
          </tbody>
        </table>
      </section>
      {company.teams && <Teams company={company} actions={actions} />}
      {company.mayEditUsers && company.roles && <Invite company={company} actions={actions} />}
    </>
  );
}
