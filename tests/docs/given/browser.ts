// What a page has: a folder picker (<input type="file" webkitdirectory>) whose files carry the
// picked folder's name first in webkitRelativePath, and a worker. Made here from Node's File so
// that the block runs.
function picked(relativePath: string, text: string): File {
  const file = new File([text], relativePath.split("/").pop() ?? relativePath);
  Object.defineProperty(file, "webkitRelativePath", { value: relativePath });
  return file;
}
export const picker = {
  files: [picked("my-app/src/App.jsx", "export default function App() {}\n"), picked("my-app/api/models.py", "class Task: ...\n")],
} as unknown as HTMLInputElement & { files: FileList };
export const worker = { postMessage(_message: unknown): void {} } as Worker;
