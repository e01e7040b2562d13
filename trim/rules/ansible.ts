/**
 * Known noise of Ansible: task results on hosts that passed, included files, the recap of a host
 * that failed nothing: never kept, never context,
 * whatever words the test's name holds.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Ansible. */
export const ANSIBLE_RULES: readonly Rule[] = [
  {
    id: "ansible/ok",
    marks: "noise",
    cues: ["ok:"],
    indent: [0, 0],
    whole: true,
    decides: true,
    pattern: "^ok: \\[[^\\]]+\\](?: => \\(item=.*\\))?$",
    match: ["ok: [web01] => (item=nginx)", "ok: [web1.example.com]"],
    noMatch: ["ok: [web1] => {", "ok: the build ... ok"],
  },
  {
    id: "ansible/changed-skipping",
    marks: "noise",
    cues: ["changed: [", "skipping: ["],
    indent: [0, 0],
    whole: true,
    pattern: "^(?:changed|skipping): \\[[^\\]]+\\](?: => \\(item=.*\\))?$",
    match: ["changed: [web2] => (item={'name': 'error_log', 'value': 'on'})", "skipping: [db1]"],
    noMatch: ["changed: [web2] => {"],
  },
  {
    id: "ansible/included",
    marks: "noise",
    cues: ["included: "],
    indent: [0, 0],
    whole: true,
    pattern: "^included: \\S+ for \\S",
    match: ["included: /home/ci/roles/app/tasks/errors.yml for web1, web2"],
    noMatch: ["included: nothing"],
  },
  {
    id: "ansible/recap-ok",
    marks: "noise",
    cues: ["=0"],
    at: "end",
    indent: [0, 0],
    whole: true,
    pattern: "^\\S+ +: ok=\\d+ +changed=\\d+ +unreachable=0 +failed=0(?: |$)",
    match: [
      "web1.example.com          : ok=11   changed=5    unreachable=0    failed=0    skipped=0    rescued=0    ignored=0",
      "db1                        : ok=3    changed=0    unreachable=0    failed=0",
    ],
    noMatch: [
      "db1                        : ok=3    changed=0    unreachable=0    failed=1    skipped=0",
    ],
  },
];
