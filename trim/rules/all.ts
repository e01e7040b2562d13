/**
 * Every rule of `trim/rules/`, one file per ecosystem or tool family, and the one
 * piece of mechanism the tables need: the alternation of the patterns of one mark,
 * which the classifier anchors and compiles once (`classify/score.ts` for `chatter`,
 * `classify/known_noise.ts` for `cache-step`). An alternation is tested, not searched
 * for its first alternative, so the order of the rules does not change what matches.
 *
 * @module
 */

import { APT_RULES } from "./apt.ts";
import { CARGO_RULES } from "./cargo.ts";
import { COMMON_RULES } from "./common.ts";
import { DOCKER_RULES } from "./docker.ts";
import { GIT_RULES } from "./git.ts";
import { GITHUB_ACTIONS_RULES } from "./github_actions.ts";
import { GITLAB_RULES } from "./gitlab.ts";
import { NPM_RULES } from "./npm.ts";
import { PYTHON_RULES } from "./python.ts";
import type { Rule, RuleMark } from "./rule.ts";
import { TRAVIS_RULES } from "./travis.ts";

export type { Rule, RuleMark };

/** All rules, by family. */
export const RULES: readonly Rule[] = [
  ...COMMON_RULES,
  ...DOCKER_RULES,
  ...CARGO_RULES,
  ...PYTHON_RULES,
  ...APT_RULES,
  ...NPM_RULES,
  ...GIT_RULES,
  ...GITHUB_ACTIONS_RULES,
  ...GITLAB_RULES,
  ...TRAVIS_RULES,
];

/**
 * The patterns of the rules that mark `mark`, as one alternation (a regular
 * expression's source, to be anchored by the caller).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { alternationOf } from "./all.ts";
 * const chatter = new RegExp(`^(?:${alternationOf("chatter")})`);
 * assert.ok(chatter.test("Pull complete") && !chatter.test("Pull failed"));
 * ```
 */
export function alternationOf(mark: RuleMark): string {
  return RULES.filter((r) => r.marks === mark).map((r) => r.pattern).join("|");
}
