/**
 * The stdio transport of `trimlog mcp`: newline-delimited JSON-RPC messages read from a
 * byte stream and written to a Web `WritableStream`, as the MCP stdio transport
 * specifies. It runs over the command's runtime streams (`CliRuntime.stdin()` and
 * `stdout()`), so the Deno and the Node command share it and it knows when the client
 * closed its end: {@linkcode LineTransport.finished} then resolves, after every request
 * already received has been answered.
 *
 * @module
 */

// The SDK's "./*" export maps types to "stdio.js.d.ts", which does not exist: name the
// types module for Deno (`tsc` finds it by itself).
// @ts-types="@modelcontextprotocol/sdk/shared/stdio"
import { deserializeMessage, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types";
import type { CliReadable } from "../runtime.ts";
import { chunksOf } from "./lines.ts";

/** The largest message accepted, in characters (a `reduce_log` text included). */
export const MAX_MESSAGE_CHARS: number = 64 * 1024 * 1024;

type _Id = string | number;

/**
 * An MCP {@linkcode Transport} over a byte stream in and a `WritableStream` out.
 *
 * @example Answering one message
 * ```ts
 * import assert from "node:assert/strict";
 * import { LineTransport } from "./transport.ts";
 * const chunks: Uint8Array[] = [];
 * const t = new LineTransport(
 *   ReadableStream.from([new TextEncoder().encode('{"jsonrpc":"2.0","id":1,"method":"ping"}\n')]),
 *   new WritableStream({ write: (c) => void chunks.push(c) }),
 * );
 * t.onmessage = (m) => void t.send({ jsonrpc: "2.0", id: (m as { id: number }).id, result: {} });
 * await t.start();
 * await t.finished;
 * assert.ok(new TextDecoder().decode(chunks[0]) === '{"jsonrpc":"2.0","id":1,"result":{}}\n');
 * ```
 */
export class LineTransport implements Transport {
  /** Called once the transport is closed. */
  onclose?: () => void;
  /** Called with a transport error (a write that failed). */
  onerror?: (error: Error) => void;
  /** Called with each message received. */
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  /** Resolves when the input has ended and every request received was answered. */
  readonly finished: Promise<void>;

  #input: CliReadable;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #enc = new TextEncoder();
  #chain: Promise<void> = Promise.resolve();
  #pending = new Set<_Id>();
  #drained: (() => void) | undefined;
  #closed = false;
  #finish!: () => void;

  /** `input`: the client's messages; `output`: where the answers go (closed at the end). */
  constructor(input: CliReadable, output: WritableStream<Uint8Array>) {
    this.#input = input;
    this.#writer = output.getWriter();
    this.finished = new Promise((resolve) => (this.#finish = resolve));
  }

  /** Starts reading; resolves at once (messages arrive through `onmessage`). */
  start(): Promise<void> {
    this.#read().then(() => this.close(), (e) => {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
      return this.close();
    });
    return Promise.resolve();
  }

  async #read(): Promise<void> {
    const dec = new TextDecoder();
    let buffer = "";
    for await (const chunk of chunksOf(this.#input)) {
      buffer += dec.decode(chunk, { stream: true });
      let nl = buffer.indexOf("\n");
      while (nl >= 0) {
        this.#receive(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf("\n");
      }
      if (buffer.length > MAX_MESSAGE_CHARS) {
        buffer = "";
        await this.#reply(null, -32600, `message over ${MAX_MESSAGE_CHARS} characters`);
      }
      if (this.#closed) return;
    }
    buffer += dec.decode();
    if (buffer.trim()) this.#receive(buffer);
    // Answer what was asked before the client closed its end.
    if (this.#pending.size) await new Promise<void>((resolve) => (this.#drained = resolve));
  }

  #receive(raw: string): void {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!line.trim()) return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (e) {
      const parse = e instanceof SyntaxError;
      void this.#reply(
        null,
        parse ? -32700 : -32600,
        parse ? `parse error: ${e.message}` : "invalid request: not a JSON-RPC 2.0 message",
      );
      return;
    }
    const m = message as { id?: _Id; method?: string };
    if (m.id !== undefined && m.method !== undefined) this.#pending.add(m.id);
    this.onmessage?.(message);
  }

  #reply(id: null, code: number, message: string): Promise<void> {
    return this.#write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }) + "\n");
  }

  /** Sends one message (writes are kept in order). */
  send(message: JSONRPCMessage): Promise<void> {
    const m = message as { id?: _Id; method?: string };
    const done = this.#write(serializeMessage(message));
    if (m.id !== undefined && m.method === undefined) {
      return done.finally(() => {
        this.#pending.delete(m.id!);
        if (this.#pending.size === 0) this.#drained?.();
      });
    }
    return done;
  }

  #write(text: string): Promise<void> {
    const bytes = this.#enc.encode(text);
    const next = this.#chain.then(() => this.#writer.write(bytes));
    this.#chain = next.catch((e) => {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)));
    });
    return next;
  }

  /** Closes the output once every write is done; calls `onclose`. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#chain;
    try {
      await this.#writer.close();
    } catch {
      // The client went away: nothing left to tell it.
    }
    this.onclose?.();
    this.#finish();
  }
}
