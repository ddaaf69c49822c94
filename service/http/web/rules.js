// The rulesets and their catalogues, fetched once per page load.

import { api } from "./api.js";
import { Rules } from "./ui.js";

let listing = null;
const loaded = new Map();

/** GET /v1/rulesets, once. */
export function rulesets() {
  if (!listing) listing = api.rulesets().then((r) => r.rulesets, (e) => { listing = null; throw e; });
  return listing;
}

/** The Rules (listing entry + catalogue) of one ruleset, once. */
export function loadRules(id) {
  if (!loaded.has(id)) {
    loaded.set(id, (async () => {
      const [all, detail] = await Promise.all([rulesets(), api.catalogue(id).catch(() => null)]);
      return new Rules(all.find((r) => r.id === id), detail);
    })());
  }
  return loaded.get(id);
}
