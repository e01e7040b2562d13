/**
 * Rules for Docker's and BuildKit's lines: image pulls, classic builder steps,
 * BuildKit's progress.
 *
 * @module
 */

import type { Rule } from "./rule.ts";

/** Docker and BuildKit. */
export const DOCKER_RULES: readonly Rule[] = [
  {
    id: "docker/download-complete",
    marks: "chatter",
    cues: ["Download complete"],
    pattern: "Download complete",
    match: ["a1b2c3d4e5f6: Download complete"],
    noMatch: ["a1b2c3d4e5f6: download failed"],
  },
  {
    id: "docker/pulling",
    marks: "chatter",
    cues: ["Pulling"],
    pattern: "Pulling",
    match: ["Pulling fs layer", "a1b2c3d4e5f6: Pulling fs layer"],
    noMatch: ["Error response from daemon: Pulling x failed"],
  },
  {
    id: "docker/pull-complete",
    marks: "chatter",
    cues: ["Pull complete"],
    pattern: "Pull complete",
    match: ["a1b2c3d4e5f6: Pull complete"],
    noMatch: ["a1b2c3d4e5f6: Pull failed"],
  },
  {
    id: "docker/already-exists",
    marks: "chatter",
    cues: ["Already exists"],
    pattern: "Already exists",
    match: ["a1b2c3d4e5f6: Already exists"],
    noMatch: ["fatal: destination path 'x' already exists"],
  },
  {
    id: "docker/waiting",
    marks: "chatter",
    cues: ["Waiting"],
    pattern: "Waiting",
    match: ["a1b2c3d4e5f6: Waiting"],
    noMatch: ["Still Waiting for x"],
  },
  {
    id: "docker/verifying-checksum",
    marks: "chatter",
    cues: ["Verifying Checksum"],
    pattern: "Verifying Checksum",
    match: ["a1b2c3d4e5f6: Verifying Checksum"],
    noMatch: ["checksum mismatch"],
  },
  {
    id: "docker/extracting",
    marks: "chatter",
    cues: ["Extracting"],
    pattern: "Extracting",
    match: ["a1b2c3d4e5f6: Extracting  32.77kB/2.8MB"],
    noMatch: ["Error Extracting layer"],
  },
  {
    id: "docker/digest",
    marks: "chatter",
    cues: ["Digest: sha256"],
    pattern: "Digest: sha256",
    match: ["Digest: sha256:4b5a1f0e2c"],
    noMatch: ["digest mismatch: sha256:4b5a"],
  },
  {
    id: "docker/status",
    marks: "chatter",
    cues: ["Status: "],
    pattern: "Status: (?:Downloaded|Image is up to date)",
    match: ["Status: Downloaded newer image for node:20", "Status: Image is up to date for x"],
    noMatch: ["Status: Failed"],
  },
  {
    id: "docker/step",
    marks: "chatter",
    cues: ["Step "],
    pattern: "Step \\d+\\/\\d+",
    match: ["Step 3/9 : RUN npm ci"],
    noMatch: ["Step failed: RUN npm ci"],
  },
  {
    id: "docker/arrow",
    marks: "chatter",
    cues: ["---> "],
    pattern: "---> ",
    match: [" ---> Running in 1a2b3c4d5e6f", " ---> 5e6f7a8b9c0d"],
    noMatch: ["--> next"],
  },
  {
    id: "docker/build-context",
    marks: "chatter",
    cues: ["Sending build context"],
    pattern: "Sending build context",
    match: ["Sending build context to Docker daemon  2.048kB"],
    noMatch: ["error sending build context"],
  },
  {
    id: "docker/buildkit-progress",
    marks: "chatter",
    cues: ["#"],
    pattern: "#\\d+ (?:\\[internal\\]|transferring|resolve|CACHED|DONE|sha256)",
    match: ["#1 [internal] load build definition from Dockerfile", "#5 CACHED", "#7 DONE 0.1s"],
    noMatch: ["#8 ERROR: process did not complete successfully", "#9 12.34 npm ERR! code 1"],
  },
  {
    id: "docker/intermediate-container",
    marks: "chatter",
    cues: ["Removing intermediate container"],
    pattern: "Removing intermediate container",
    match: ["Removing intermediate container 1a2b3c4d5e6f"],
    noMatch: ["Error removing intermediate container 1a2b"],
  },
];
