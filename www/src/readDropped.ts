// Reading what the user dropped or picked into `FileContent`s: the browser has no disk, so the
// page reads each file's bytes itself and hands ctxpack text.
import type { FileContent, FileRef } from "ctxpack/files";
import type { FileSet } from "./filesInput";

/** More files than this are listed in a note, not read: a dropped node_modules should not hang the tab. */
export const MAX_FILES = 2000;

/**
 * A larger file is not read: it is passed by its size, as a disk reader refuses a file before
 * reading it. Independent of the maxBytes option, which ctxpack applies: changing it needs no re-read.
 */
export const READ_LIMIT = 8 * 1024 * 1024;

/** A file and its path relative to what was dropped. */
export interface Picked {
  path: string;
  file: File;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A file's content as ctxpack takes it: its text when it is valid UTF-8, else its bytes (an array
 * of numbers), which ctxpack rejects as `binary` — decoding them with U+FFFD would inline a
 * changed file.
 */
async function readContent(file: File): Promise<{ content: string | number[]; binary: boolean }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    return { content: utf8.decode(bytes), binary: false };
  } catch {
    return { content: Array.from(bytes), binary: true };
  }
}

/** Everything picked, read into a set of references (sorted by path) and contents. */
export async function readPicked(picked: readonly Picked[], label: string): Promise<FileSet> {
  const sorted = [...picked].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const notes: string[] = [];
  const references: FileRef[] = [];
  const contents: FileContent[] = [];
  for (const [i, p] of sorted.entries()) {
    if (i >= MAX_FILES) {
      notes.push(`more than ${MAX_FILES} files were dropped: the page reads the first ${MAX_FILES} by path`);
      break;
    }
    references.push({ path: p.path, source: "drop" });
    if (p.file.size > READ_LIMIT) {
      // ctxpack records it from its size: too_large under a smaller maxBytes, missing otherwise.
      notes.push(`${p.path} was not read: ${p.file.size} bytes, over the page's read limit (${READ_LIMIT})`);
      contents.push({ path: p.path, size: p.file.size });
      continue;
    }
    const { content, binary } = await readContent(p.file);
    if (binary) notes.push(`${p.path} is not valid UTF-8: the page passed its bytes, and ctxpack judges them`);
    contents.push({ path: p.path, content });
  }
  return { references, contents, label, notes };
}

/** Files from `<input type="file">` (with `webkitdirectory`: paths under the picked folder). */
export function pickedFromInput(files: FileList): Picked[] {
  return Array.from(files, (file) => {
    const relative = file.webkitRelativePath;
    // "folder/src/App.jsx": paths are relative to the folder picked, as a base directory.
    const path = relative === "" ? file.name : relative.slice(relative.indexOf("/") + 1);
    return { path, file };
  });
}

function readEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Walks dropped entries depth-first; a directory's reader returns its entries in batches. */
async function walk(entry: FileSystemEntry, prefix: string, out: Picked[]): Promise<void> {
  if (out.length > MAX_FILES) return;
  if (entry.isFile) {
    out.push({ path: prefix + entry.name, file: await fileOf(entry as FileSystemFileEntry) });
  } else if (entry.isDirectory) {
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`, out);
    }
  }
}

/**
 * What a drop holds. One folder dropped is the base (its own name is not part of the paths);
 * several items are paths relative to the drop.
 */
export async function pickedFromDrop(transfer: DataTransfer): Promise<Picked[]> {
  // Entries must be taken synchronously, before the first await: the list empties after the event.
  const entries = Array.from(transfer.items, (item) => item.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null);
  // Without entries (a browser without the API, a drop made by a script): the files, by name.
  if (entries.length === 0) return Array.from(transfer.files, (file) => ({ path: file.name, file }));
  const out: Picked[] = [];
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only?.isDirectory) {
    const reader = (only as FileSystemDirectoryEntry).createReader();
    for (let batch = await readEntries(reader); batch.length > 0; batch = await readEntries(reader)) {
      for (const child of batch) await walk(child, "", out);
    }
  } else {
    for (const entry of entries) await walk(entry, "", out);
  }
  return out;
}
