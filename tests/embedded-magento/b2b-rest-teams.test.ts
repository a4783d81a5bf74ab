/**
 * `companyTeamRepositoryV1` against Adobe's B2B REST reference ("Manage company teams") and Magento_Company's
 * `TeamRepository`: a team made under the company's administrator (answering nothing, `[]`), read, searched,
 * renamed (the body's id, answering `true`) and deleted (`[]`); a team with anyone under it stays; each
 * refusal in Magento's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../support/backend.ts';
import { admin, makeCompany, ok, type MadeCompany } from './b2b-rest-helpers.ts';
import { expectError } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.stop());

const NO_SUCH = 'No such entity with %fieldName = %fieldValue';
const REQUIRED = '"%fieldName" is required. Enter and try again.';

const byName = (name: string) =>
  `/team/?searchCriteria[filter_groups][0][filters][0][field]=name&searchCriteria[filter_groups][0][filters][0][value]=${encodeURIComponent(name)}`;

interface Node {
  structure_id: number;
  entity_id: number;
  entity_type: string;
  structure_parent_id: number;
}

const hierarchy = async (companyId: number): Promise<Node[]> =>
  ok(await admin(backend, 'GET', `/hierarchy/${String(companyId)}`));

/** A team made in the company, found again by its (unique) name. */
async function makeTeam(company: MadeCompany, name: string, description?: string) {
  const team = description === undefined ? { name } : { name, description };
  expect(ok(await admin(backend, 'POST', `/team/${String(company.id)}`, { team }))).toEqual([]);
  return ok(await admin(backend, 'GET', byName(name))).items[0] as { id: number; name: string };
}

describe('POST /V1/team/:companyId, GET /V1/team/:teamId and /V1/team/', () => {
  it("makes a team under the company's administrator", async () => {
    const company = await makeCompany(backend);
    const name = `Western District ${String(company.id)}`;
    const team = await makeTeam(company, name, 'Buyers from the Leeds office');
    expect(ok(await admin(backend, 'GET', `/team/${String(team.id)}`))).toEqual({
      id: team.id,
      name,
      description: 'Buyers from the Leeds office',
    });
    const tree = await hierarchy(company.id);
    const root = tree.find((node) => node.structure_parent_id === 0);
    const node = tree.find((each) => each.entity_type === 'team' && each.entity_id === team.id);
    expect(root?.entity_id).toBe(company.adminId);
    expect(node?.structure_parent_id).toBe(root?.structure_id);
    const found = ok(await admin(backend, 'GET', byName(name)));
    expect(found).toMatchObject({ total_count: 1, items: [{ id: team.id, name }] });
  });

  it('refuses a team without a name, one with an id, and an unknown company', async () => {
    const company = await makeCompany(backend);
    expectError(
      await admin(backend, 'POST', `/team/${String(company.id)}`, { team: { description: 'x' } }),
      400,
      REQUIRED,
      {
        fieldName: 'name',
      },
    );
    expectError(
      await admin(backend, 'POST', `/team/${String(company.id)}`, { team: { id: 5, name: 'Again' } }),
      400,
      'Could not create team',
    );
    expectError(await admin(backend, 'POST', '/team/976543', { team: { name: 'Nowhere' } }), 404, NO_SUCH, {
      fieldName: 'id',
      fieldValue: 976_543,
    });
    expectError(await admin(backend, 'GET', '/team/976543'), 404, NO_SUCH, {
      fieldName: 'id',
      fieldValue: 976_543,
    });
  });
});

describe('PUT /V1/team/:teamId', () => {
  it("renames the body's team, its description kept when none is sent", async () => {
    const company = await makeCompany(backend);
    const team = await makeTeam(company, `East ${String(company.id)}`, 'York office');
    const renamed = `Eastern Region ${String(company.id)}`;
    expect(
      ok(await admin(backend, 'PUT', `/team/${String(team.id)}`, { team: { id: team.id, name: renamed } })),
    ).toBe(true);
    expect(ok(await admin(backend, 'GET', `/team/${String(team.id)}`))).toEqual({
      id: team.id,
      name: renamed,
      description: 'York office',
    });
  });

  it('requires a name and the id in the body (the path gives none), and a team that exists', async () => {
    const company = await makeCompany(backend);
    const team = await makeTeam(company, `North ${String(company.id)}`);
    expectError(
      await admin(backend, 'PUT', `/team/${String(team.id)}`, { team: { name: 'North' } }),
      400,
      REQUIRED,
      {
        fieldName: 'id',
      },
    );
    expectError(
      await admin(backend, 'PUT', `/team/${String(team.id)}`, { team: { id: team.id } }),
      400,
      REQUIRED,
      {
        fieldName: 'name',
      },
    );
    expectError(
      await admin(backend, 'PUT', `/team/${String(team.id)}`, { team: { id: 976_543, name: 'Ghost' } }),
      404,
      NO_SUCH,
      { fieldName: 'id', fieldValue: 976_543 },
    );
  });
});

describe('DELETE /V1/team/:teamId', () => {
  it('keeps a team with a user under it; deletes an empty one', async () => {
    const company = await makeCompany(backend);
    const team = await makeTeam(company, `South ${String(company.id)}`);
    const joiner = await backend.newCustomer();
    ok(await admin(backend, 'PUT', `/customers/${String(joiner.id)}/companies/${String(company.id)}`));
    const tree = await hierarchy(company.id);
    const teamNode = tree.find((node) => node.entity_type === 'team' && node.entity_id === team.id);
    const userNode = tree.find((node) => node.entity_type === 'customer' && node.entity_id === joiner.id);
    ok(
      await admin(backend, 'PUT', `/hierarchy/move/${String(userNode?.structure_id)}`, {
        newParentId: teamNode?.structure_id,
      }),
    );
    expectError(
      await admin(backend, 'DELETE', `/team/${String(team.id)}`),
      400,
      'This team has child users or teams aligned to it and cannot be deleted. Please re-align the child users or teams first.',
    );
    const empty = await makeTeam(company, `Empty ${String(company.id)}`);
    expect(ok(await admin(backend, 'DELETE', `/team/${String(empty.id)}`))).toEqual([]);
    expectError(await admin(backend, 'GET', `/team/${String(empty.id)}`), 404, NO_SUCH, {
      fieldName: 'id',
      fieldValue: empty.id,
    });
    const after = await hierarchy(company.id);
    expect(after.some((node) => node.entity_type === 'team' && node.entity_id === empty.id)).toBe(false);
  });
});
