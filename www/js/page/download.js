// Files the page gives the user (records and pictures of the exports, an estimate report).

/**
 * Saves `data` (text, bytes or a Blob) as a file called `name`, of MIME type `type`.
 * @param {string} name
 * @param {BlobPart} data
 * @param {string} type
 */
export function download(name, data, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([data], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
