"""A button that opens one file from the reader's device, and shows no file count.

ipywidgets' ``FileUpload`` draws its label as ``"<description> (<number of files held>)"``; the
pages clear it once a file is read (so the same file can be chosen again), and then it read
"open a ruling (0)" right after a ruling had opened, which looked as if nothing had happened.
:class:`FilePicker` keeps FileUpload's kernel-side shape (``value``: a tuple of one
``{"name", "content", "size"}`` dict per file read, observed by the pages, cleared by
:func:`widgets.sharing.uploaded`) and draws only the label.  The browser reads the file and sends
its bytes as the buffer of one custom message; the kernel checks the size before anything else
(:data:`widgets.sharing.MAX_UPLOAD`, in :func:`~widgets.sharing.uploaded`).
"""
from __future__ import annotations

import anywidget
import traitlets as t

MAX_BYTES = 2_000_000
"""The largest file the button reads and sends (bytes); :data:`widgets.sharing.MAX_UPLOAD` is this."""

_ESM = """
export default {
  render({ model, el }) {
    const button = document.createElement('button');
    button.className = 'jupyter-widgets jupyter-button widget-button widget-upload kl-filepicker';
    button.type = 'button';
    // jupyter-button's fixed width cut the label ("เปิดไฟล์ข้อตัดสิ…"): as wide as its label
    button.style.width = 'auto';
    button.style.maxWidth = '100%';
    const input = document.createElement('input');
    input.type = 'file';
    input.style.display = 'none';
    const draw = () => {
      button.textContent = '';
      const icon = document.createElement('i');
      icon.className = 'fa fa-upload';
      icon.setAttribute('aria-hidden', 'true');  // a glyph, no word: the button is named by its label
      button.append(icon, ' ' + model.get('description'));
      button.title = model.get('tooltip') || model.get('description');
      input.accept = model.get('accept');
      button.disabled = model.get('disabled');
    };
    draw();
    model.on('change', draw);
    button.addEventListener('click', () => input.click());
    input.addEventListener('change', async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      input.value = '';  // the same file may be chosen again
      if (file.size > model.get('max_bytes')) {
        // not read nor sent (a 30 MB file dropped the page's connection): the kernel refuses it by its size
        model.send({ event: 'file', name: file.name, size: file.size, unread: true });
        return;
      }
      const buffer = await file.arrayBuffer();
      model.send({ event: 'file', name: file.name, size: file.size }, undefined, [buffer]);
    });
    el.append(button, input);
  },
};
"""


class FilePicker(anywidget.AnyWidget):
    """One file, read by the browser and handed to the kernel.

    ``value``: ``()`` or ``({"name": str (at most 120 characters), "content": bytes, "size": int},)``
    after a file arrived (``"unread": True`` and empty content for a file over :attr:`max_bytes`) (kernel-side only; set it to ``()`` to clear).  ``description``: the
    button's label; ``accept``: the file types offered (``".yaml,.yml"``)."""

    _esm = _ESM
    description = t.Unicode("").tag(sync=True)
    tooltip = t.Unicode("").tag(sync=True)
    accept = t.Unicode("").tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    max_bytes = t.Int(MAX_BYTES).tag(sync=True)
    """A bigger file is not read by the browser: only its name and size arrive (``"unread": True``)."""
    value = t.Tuple()

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._got)

    def _got(self, _widget, content, buffers) -> None:
        if not isinstance(content, dict) or content.get("event") != "file":
            return
        data = bytes(buffers[0]) if buffers else b""
        f = {"name": str(content.get("name", "upload"))[:120], "content": data, "size": len(data)}
        if content.get("unread"):  # too big to read: its size as the browser gave it
            size = content.get("size")
            f.update(size=size if isinstance(size, int) and size >= 0 else self.max_bytes + 1, unread=True)
        self.value = (f,)
