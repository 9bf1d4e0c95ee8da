// The docs' markdown as tests/docs/run.mjs reads it: every fence closed and none hidden inside
// another, every flag known, every named setup present. Running the blocks is tests/docs/run.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { allBlocks, kindOf, outputMatches, parseBlocks, stripJsonComments } from "../docs/blocks.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("every doc parses: fences closed, none opened inside another, flags known", () => {
  const blocks = allBlocks(root);
  assert.ok(blocks.length > 20, `${blocks.length} blocks`);
  for (const b of blocks.filter((x) => x.given && /^[\w-]+$/.test(x.given))) {
    assert.ok(existsSync(join(root, "tests", "docs", "given", `${b.given}.ts`)), `${b.file}:${b.line}: tests/docs/given/${b.given}.ts`);
  }
});

test("a fence inside a fence of the same marker is refused, a longer outer fence is not", () => {
  const nested = "```\n### a\n```jsx\nx\n```\n### b\n```\n";
  assert.throws(() => parseBlocks(nested, "n.md"), /n\.md:3: a fence opened inside the block of line 1/);
  const fixed = "````markdown\n### a\n```jsx\nx\n```\n### b\n````\n";
  const [b] = parseBlocks(fixed);
  assert.equal(b.code, "### a\n```jsx\nx\n```\n### b");
  assert.throws(() => parseBlocks("```js\nx\n"), /never closed/);
  assert.throws(() => parseBlocks("```js framgent\nx\n```\n"), /unknown flag framgent/);
});

test("kinds, setup and printed output are read from the markdown", () => {
  const md = "<!-- given: documents -->\n```js\nconsole.log(1)\n```\n\n```text\n1\n```\n\n```ts check\nx\n```\n```tsx fragment\ny\n```\n```jsonc profile\n{}\n```\n```sh\nnpm test\n```\n```rust\nfn f() {}\n```\n";
  const blocks = parseBlocks(md);
  assert.deepEqual(blocks.map(kindOf), ["run", null, "check", "fragment", "profile", "shell", null]);
  assert.equal(blocks[0].given, "documents");
  assert.equal(blocks[0].output, "1");
  assert.equal(blocks[2].output, null);
  assert.equal(blocks[2].given, "");
});

test("outputs match with … as any text, and only then", () => {
  assert.ok(outputMatches("a … c", "a b b c\n"));
  assert.ok(outputMatches("4\n548", "4\n548\n"));
  assert.ok(!outputMatches("4\n548", "4\n549\n"));
  assert.ok(!outputMatches("a (b)", "a b"));
  assert.ok(!outputMatches("Context capped: …", "Context: 85 of 120 chars"));
});

test("comments are stripped from JSON outside strings only", () => {
  assert.deepEqual(JSON.parse(stripJsonComments('{ // note\n "a": "x // y", "b": "\\"//" // end\n}')), { a: "x // y", b: '"//' });
});
