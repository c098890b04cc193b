// The dashboard's code editor: CodeMirror 6 with JavaScript/TypeScript highlighting, line numbers and lint markers,
// bundled by scripts/build-ui-assets.ts into src/ui/assets/editor.js (one file, embedded in the binary).
// It upgrades a <textarea data-editor="javascript|typescript">: the textarea stays the form field (kept in sync),
// so a form posts exactly as without the editor. `data-error-line` / `data-error-message` mark a save's error.
import { javascript } from '@codemirror/lang-javascript'
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint'
import { EditorView } from '@codemirror/view'
import { basicSetup } from 'codemirror'

type Upgraded = HTMLTextAreaElement & { toolyardEditor?: EditorView }

function mount(area: Upgraded): EditorView {
  if (area.toolyardEditor) return area.toolyardEditor
  const typescript = area.dataset.editor === 'typescript'
  const view = new EditorView({
    doc: area.value,
    extensions: [
      basicSetup,
      javascript({ typescript }),
      lintGutter(),
      EditorView.updateListener.of((u) => {
        if (u.docChanged) area.value = u.state.doc.toString()
      }),
      EditorView.theme({
        '&': { border: '1px solid #cfd5de', background: '#fff' },
        '.cm-scroller': { minHeight: '9em' },
      }),
    ],
  })
  area.style.display = 'none'
  area.after(view.dom)
  area.toolyardEditor = view
  const line = Number(area.dataset.errorLine)
  if (line >= 1 && line <= view.state.doc.lines) {
    const at = view.state.doc.line(line)
    const diagnostic: Diagnostic = {
      from: at.from,
      to: at.to,
      severity: 'error',
      message: area.dataset.errorMessage ?? 'error',
    }
    view.dispatch(setDiagnostics(view.state, [diagnostic]))
  }
  return view
}

function upgradeAll(root: ParentNode = document) {
  for (const area of root.querySelectorAll<Upgraded>('textarea[data-editor]')) mount(area)
}

;(globalThis as Record<string, unknown>).ToolyardEditor = { mount, upgradeAll }
