/**
 * Every rule of `trim/rules/`, one file per ecosystem or tool family, and the pieces
 * of mechanism the tables need: the alternation of the patterns of one mark, which the
 * classifier anchors and compiles once (`classify/score.ts` for `chatter`,
 * `classify/known_noise.ts` for `cache-step`), and the rules of one mark
 * (`classify/known_noise.ts` compiles the `noise` rules into its dispatch). An
 * alternation is tested, not searched for its first alternative, so the order of the
 * rules does not change what matches.
 *
 * @module
 */

import { ANSIBLE_RULES } from "./ansible.ts";
import { APT_RULES } from "./apt.ts";
import { CARGO_RULES } from "./cargo.ts";
import { COMMON_RULES } from "./common.ts";
import { DART_RULES } from "./dart.ts";
import { DOCKER_RULES } from "./docker.ts";
import { DOTNET_RULES } from "./dotnet.ts";
import { GIT_RULES } from "./git.ts";
import { GITHUB_ACTIONS_RULES } from "./github_actions.ts";
import { GITLAB_RULES } from "./gitlab.ts";
import { GO_RULES } from "./go.ts";
import { JENKINS_RULES } from "./jenkins.ts";
import { JS_TEST_RULES } from "./js_tests.ts";
import { JVM_RULES } from "./jvm.ts";
import { NATIVE_TEST_RULES } from "./native_tests.ts";
import { NPM_RULES } from "./npm.ts";
import { PESTER_RULES } from "./pester.ts";
import { PHP_RULES } from "./php.ts";
import { PYTEST_RULES } from "./pytest.ts";
import { PYTHON_RULES } from "./python.ts";
import { RUBY_RULES } from "./ruby.ts";
import type { Rule, RuleMark } from "./rule.ts";
import { TEAMCITY_RULES } from "./teamcity.ts";
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
  ...JS_TEST_RULES,
  ...GO_RULES,
  ...PYTEST_RULES,
  ...PHP_RULES,
  ...RUBY_RULES,
  ...JVM_RULES,
  ...DOTNET_RULES,
  ...NATIVE_TEST_RULES,
  ...DART_RULES,
  ...ANSIBLE_RULES,
  ...JENKINS_RULES,
  ...TEAMCITY_RULES,
  ...PESTER_RULES,
];

/**
 * The rules that mark `mark`, in the order of {@linkcode RULES}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rulesOf } from "./all.ts";
 * assert.ok(rulesOf("noise").every((r) => r.marks === "noise"));
 * ```
 */
export function rulesOf(mark: RuleMark): readonly Rule[] {
  return RULES.filter((r) => r.marks === mark);
}

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
