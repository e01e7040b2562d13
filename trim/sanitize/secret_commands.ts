/**
 * Commands that print a secret alone on the next line (an initial password, an access
 * token, random bytes): after a shell's echo of one of them (`$ …`, `+ …` under
 * `set -x`, `> …`, `# …`, `[command]…`, `Run …`), the line that follows is masked when
 * it is one token (`named_values.ts` masks it as a prompt's answer).
 *
 * ```text
 * $ argocd admin initial-password -n argocd
 * Xk3vQ9pL2mWz7RtY          # masked
 * ```
 *
 * This is a data file: a literal that the command line holds, matched case-sensitively.
 *
 * @module
 */

/** The literals, one per command (or per way of printing a secret). */
export const SECRET_PRINTING_COMMANDS: readonly string[] = [
  "argocd admin initial-password", // ArgoCD's first admin password
  "get-login-password", // aws ecr / ecr-public get-login-password
  "print-access-token", // gcloud auth (application-default) print-access-token
  "print-identity-token", // gcloud auth print-identity-token
  "get-access-token", // az account get-access-token
  "auth token", // gh auth token, heroku auth:token's sibling, doctl
  "auth:token", // heroku auth:token
  "create token", // kubectl create token SERVICE_ACCOUNT
  "print token", // vault print token
  "-field=password", // vault read / vault kv get -field=…
  "-field=token",
  "-field=secret",
  "-field=secret_id",
  "-field=client_secret",
  ".data.password", // kubectl get secret … -o jsonpath='{.data.password}' | base64 -d
  ".data.token",
  ".data.secret",
  "initialAdminPassword", // Jenkins: cat /var/jenkins_home/secrets/initialAdminPassword
  "initial_root_password", // GitLab's file (when only the value is printed)
  "openssl rand", // random bytes, as a key or password
  "pwgen",
  "mkpasswd",
  "/dev/urandom",
  "find-generic-password", // macOS `security … -w`
  "op read op://", // 1Password CLI
];

function _escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Any of the literals (one alternation, built once). */
export const SECRET_PRINTING_COMMAND_RE: RegExp = new RegExp(
  SECRET_PRINTING_COMMANDS.map(_escape).join("|"),
);

/**
 * Whether `s` is a shell's echo of a command that prints a secret: its first non-blank
 * character is a prompt (`$`, `+`, `>`, `#`, `%`) followed by a space, or it starts with
 * `[command]` or `Run `; and it holds a literal of the table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { printsSecret } from "./secret_commands.ts";
 * assert.ok(printsSecret("$ argocd admin initial-password -n argocd"));
 * assert.ok(printsSecret("+ gcloud auth print-access-token"));
 * assert.ok(!printsSecret("$ argocd app list"));
 * assert.ok(!printsSecret("see argocd admin initial-password in the docs"));
 * ```
 */
export function printsSecret(s: string): boolean {
  let i = 0;
  while (i < s.length && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
  const c = s.charCodeAt(i);
  const prompt = (c === 36 || c === 43 || c === 62 || c === 35 || c === 37) &&
    s.charCodeAt(i + 1) === 32;
  if (!prompt && !s.startsWith("[command]", i) && !s.startsWith("Run ", i)) return false;
  return SECRET_PRINTING_COMMAND_RE.test(s);
}
