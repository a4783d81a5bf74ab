/**
 * Magento's category tree mapped to the two audiences' trees of categories, each category's code its
 * url_key or, without one, a slug of its name. Pure.
 */
import type { MagentoCategoryTree } from '../magento/wire/catalogue.ts';
import type { Audience, CategoryNode } from './types.ts';

/** Magento's parent category ids of the two audiences (spec §9). */
export const AUDIENCE_ROOTS: Readonly<Record<Audience, number>> = { 'home-garden': 7, professional: 3 };

/** Builds both audiences' trees; `urlKeys` maps category ids to url_key (from `GET /V1/categories/:id`). */
export function toAudiences(
  tree: MagentoCategoryTree,
  urlKeys: ReadonlyMap<number, string>,
): Record<Audience, CategoryNode> {
  const find = (node: MagentoCategoryTree, id: number): MagentoCategoryTree | undefined =>
    node.id === id ? node : node.children_data.map((child) => find(child, id)).find(Boolean);
  const build = (node: MagentoCategoryTree, audience: Audience, parentPath: string): CategoryNode => {
    const code = urlKeys.get(node.id) ?? slug(node.name);
    const path = `${parentPath}/${code}`;
    return {
      id: node.id,
      name: node.name,
      code,
      audience,
      path,
      position: node.position,
      children: node.children_data
        .filter((child) => child.is_active !== false)
        .sort((a, b) => a.position - b.position)
        .map((child) => build(child, audience, path)),
    };
  };
  const audience = (key: Audience): CategoryNode => {
    const node = find(tree, AUDIENCE_ROOTS[key]);
    if (!node)
      throw new Error(
        `Magento's category tree has no category ${AUDIENCE_ROOTS[key]} (${key}); check the catalogue's root categories.`,
      );
    const root = build(node, key, '');
    return {
      ...root,
      code: key,
      path: `/${key}`,
      children: root.children.map((child) => rebase(child, `/${key}`)),
    };
  };
  return { 'home-garden': audience('home-garden'), professional: audience('professional') };
}

function rebase(node: CategoryNode, parentPath: string): CategoryNode {
  const path = `${parentPath}/${node.code}`;
  return { ...node, path, children: node.children.map((child) => rebase(child, path)) };
}

export const slug = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
