// Box drawing is a filler (`trim/select/context.ts`): Terraform's diagnostic frame is
// shown with the error it frames, never on its own.
import { test } from "node:test";
import assert from "node:assert/strict";
import { trimTextInline } from "../../../mod.ts";
import { isFiller } from "../../../trim/select/context.ts";

test("box drawing lines are fillers, letters inside a box are not", () => {
  assert.ok(isFiller("╷", 0) && isFiller("│ ", 0) && isFiller("  ╵", 2));
  assert.ok(!isFiller("│ Error: Failed to install provider", 0));
  assert.ok(!isFiller("é", 0));
});

test("a Terraform diagnostic box is shown whole around its error", async () => {
  const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);
  const box = [
    "╷",
    "│ Error: Failed to install provider",
    "│ ",
    "│ Error while installing hashicorp/null v3.1.0: net/http: TLS handshake timeout",
    "╵",
  ];
  const { output } = await trimTextInline([...filler, ...box, ...filler, ...filler].join("\n"));
  assert.ok(output.includes(box.join("\n")), output);
  // Alone, a box's rule is no evidence.
  const lone = await trimTextInline([...filler, "╷", "╵", ...filler, ...filler].join("\n"));
  assert.ok(!lone.output.includes("╷"), lone.output);
});
