#!/usr/bin/env bash
# Build the VS Code extension: install the npm packages (exact versions in package.json), run the grammar tests,
# bundle with esbuild and package the .vsix with vsce (editors/vscode/tgc-journal.vsix).
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --no-package-lock
npm test
npm run package
echo "built $(pwd)/tgc-journal.vsix"
