// The estimate run saved in this browser (IndexedDB): one record, written as the run goes, so that a run
// survives a reload or a crash and a finished result stays until it is cleared.
const DB = 'shogi-reach';
const STORE = 'estimate-runs';
const KEY = 'current';

function open() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function transact(mode, action) {
  const db = await open();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = action(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** The saved run, or undefined. */
export const loadRun = () => transact('readonly', (s) => s.get(KEY));
/** Saves `record` in place of the saved run. */
export const saveRun = (record) => transact('readwrite', (s) => s.put(record, KEY));
/** Forgets the saved run. */
export const clearRun = () => transact('readwrite', (s) => s.delete(KEY));
