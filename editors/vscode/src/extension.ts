// The tgc extension: starts `tgc lsp` (the language server) for .tgj files and adds a
// command that plays the campaign from the verse under the cursor in a terminal.
import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions } from "vscode-languageclient/node";

let client: LanguageClient | undefined;

function tgcPath(): string {
  return vscode.workspace.getConfiguration("tgc").get<string>("path") || "tgc";
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const command = tgcPath();
  const serverOptions: ServerOptions = {
    run: { command, args: ["lsp"] },
    debug: { command, args: ["lsp"] },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: "file", language: "tgj" }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/{*.tgj,tgc.lock,tgc.toml}") },
  };
  client = new LanguageClient("tgc", "tgc journal", serverOptions, clientOptions);
  context.subscriptions.push(client);
  await client.start();
}

/** The verse id of the header above the cursor (`== 201.arrival`), if any. */
export function verseAt(document: vscode.TextDocument, line: number): string | undefined {
  for (let i = line; i >= 0; i--) {
    const match = /^==\s*([^\s/]+)/.exec(document.lineAt(i).text);
    if (match) {
      return match[1];
    }
  }
  return undefined;
}

function playFromVerse(): void {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== "tgj") {
    void vscode.window.showErrorMessage("tgc: open a .tgj file and put the cursor in a verse");
    return;
  }
  const verse = verseAt(editor.document, editor.selection.active.line);
  if (!verse) {
    void vscode.window.showErrorMessage("tgc: the cursor is not in a verse (no `==` header above it)");
    return;
  }
  const folder = vscode.workspace.getWorkspaceFolder(editor.document.uri);
  const terminal = vscode.window.createTerminal({ name: `tgc play ${verse}`, cwd: folder?.uri.fsPath });
  terminal.show();
  terminal.sendText(`${tgcPath()} play --at ${verse}`);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand("tgc.playFromVerse", playFromVerse),
    vscode.commands.registerCommand("tgc.restartServer", async () => {
      if (client) {
        await client.restart();
      }
    }),
  );
  try {
    await start(context);
  } catch (err) {
    void vscode.window.showErrorMessage(
      `tgc: could not start \`${tgcPath()} lsp\` (${err}); install it with pip install 'tgc[lsp]' or set tgc.path`);
  }
}

export async function deactivate(): Promise<void> {
  if (client) {
    await client.stop();
  }
}
