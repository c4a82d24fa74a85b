/**
 * Bulk selection of a list's rows (the console's review queue and fraud signals): plain
 * functions over a set of ids, so the checkboxes' rules are tested without a browser.
 */

/** The set with `id` added when absent, removed when present. */
export function toggleId(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every one of `ids` is chosen (false when there are none to choose). */
export function allSelected(selected: ReadonlySet<number>, ids: readonly number[]): boolean {
  return ids.length > 0 && ids.every((id) => selected.has(id));
}

/** "Select all": all of `ids` chosen, or, when they all were, none of them. */
export function toggleAll(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  if (allSelected(selected, ids)) for (const id of ids) next.delete(id);
  else for (const id of ids) next.add(id);
  return next;
}

/** The chosen ids still on the list, in the list's order: a refreshed list drops the others. */
export function selectedOf(selected: ReadonlySet<number>, ids: readonly number[]): number[] {
  return ids.filter((id) => selected.has(id));
}
