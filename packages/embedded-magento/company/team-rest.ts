/**
 * `companyTeamRepositoryV1` (`TeamRepositoryInterface`): a company's teams read, searched, created (under
 * the company's administrator), renamed and deleted by the merchant, as `TeamInterface` (id, name,
 * description). Creating and deleting answer nothing (`[]`, as Magento's web API answers a void method);
 * an update answers `true`. The team's id is the body's on update: `TeamInterface` has no `team_id` for the
 * path's to go in. A team with anyone under it stays.
 */
import { z } from 'zod';
import { sqlNumber, type Database } from '../db.ts';
import { errors } from '../errors.ts';
import { m } from '../input.ts';
import { searchPage, type SearchCriteria } from '../search-criteria.ts';
import { findCompany } from './company-row.ts';
import { createTeam, deleteEmptyTeam, rootOf } from './records.ts';
import { noSuchEntity, problems, refused, restErrors } from './rest-errors.ts';

export const teamDto = m.dto({
  id: m.int(),
  name: m.string(),
  description: m.string(),
  extension_attributes: m.mixed(),
  custom_attributes: m.mixed(),
});
export type TeamInput = NonNullable<z.output<typeof teamDto>>;

const teamRow = z.object({
  entity_id: sqlNumber,
  name: z.string().nullable(),
  description: z.string().nullable(),
});
type TeamRow = z.output<typeof teamRow>;

const teamOut = (row: TeamRow) => ({
  id: row.entity_id,
  ...(row.name === null ? {} : { name: row.name }),
  ...(row.description === null ? {} : { description: row.description }),
});

function loadTeam(db: Database, teamId: number): TeamRow {
  const row = db.get(
    teamRow,
    'SELECT entity_id, name, description FROM company_team WHERE entity_id = ?',
    teamId,
  );
  if (!row) throw noSuchEntity('id', teamId);
  return row;
}

export const getTeam = (db: Database, teamId: number) => teamOut(loadTeam(db, teamId));

/** `TeamRepository::checkRequiredFields`. */
function checkName(team: TeamInput): string {
  if (!team.name || team.name === '0') throw refused(problems.required('name'));
  return team.name;
}

/** `POST /V1/team/:companyId`. */
export function createCompanyTeam(db: Database, team: TeamInput, companyId: number): never[] {
  const name = checkName(team);
  if (team.id) throw restErrors.teamNotCreated();
  if (!findCompany(db, companyId)) throw noSuchEntity('id', companyId);
  db.transaction(() => createTeam(db, companyId, name, team.description ?? null, rootOf(db, companyId)));
  return [];
}

/** `PUT /V1/team/:teamId`: the name, and the description when sent. */
export function updateTeam(db: Database, team: TeamInput): boolean {
  const name = checkName(team);
  if (!team.id) throw refused(problems.required('id'));
  loadTeam(db, team.id);
  db.run('UPDATE company_team SET name = ? WHERE entity_id = ?', name, team.id);
  if (team.description !== undefined)
    db.run('UPDATE company_team SET description = ? WHERE entity_id = ?', team.description, team.id);
  return true;
}

/** `DELETE /V1/team/:teamId` (`Team\Delete`). */
export function deleteTeam(db: Database, teamId: number): never[] {
  loadTeam(db, teamId);
  if (!deleteEmptyTeam(db, teamId)) throw restErrors.teamNotEmpty();
  return [];
}

/** Magento's `company_team` columns (its id is `team_id`); any other field is an SQL error there. */
const COLUMNS: Record<string, string> = {
  team_id: 't.entity_id',
  id: 't.entity_id',
  name: 't.name',
  description: 't.description',
};

export function searchTeams(db: Database, criteria: SearchCriteria) {
  const expression = (field: string) => {
    const column = COLUMNS[field];
    if (!column) throw errors.internal();
    return column;
  };
  const { rows, total } = searchPage(
    db,
    { table: 'company_team', alias: 't', mapping: { expression }, tieBreak: 't.entity_id ASC', row: teamRow },
    criteria,
  );
  return { items: rows.map(teamOut), search_criteria: criteria, total_count: total };
}
