// follow.js: the server's streams as whole states (issue 19 item 5). A full message (`me`,
// `table`, `summary`, `seating`, `standings`, each with its version `v`) replaces its stream; a
// `patch` holds RFC 6902 operations taking version v-1 of a stream to v. The server's diff
// makes only add, remove and replace.

const STREAMS = ['me', 'table', 'summary', 'seating', 'standings'];

/** The states of one connection's streams. */
export function follower() {
  const streams = new Map();
  return {
    /**
     * The message as if it had been sent whole, or null when a patch does not follow the
     * version held or does not apply (the client then asks for a resync). The caller gets its
     * own copy of the state.
     */
    take(msg) {
      if (msg.type === 'patch') {
        const held = streams.get(msg.stream);
        if (!held || held.v + 1 !== msg.v) {
          streams.delete(msg.stream);
          return null;
        }
        try {
          held.value = applyPatch(held.value, msg.ops);
        } catch {
          streams.delete(msg.stream);
          return null;
        }
        held.v = msg.v;
        return { type: msg.stream, [msg.stream]: structuredClone(held.value), v: msg.v };
      }
      if (STREAMS.includes(msg.type)) {
        streams.set(msg.type, { v: msg.v ?? 0, value: structuredClone(msg[msg.type]) });
      }
      return msg;
    },
  };
}

/** A JSON pointer's tokens (RFC 6901). */
function tokens(path) {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`bad path ${path}`);
  return path.slice(1).split('/').map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function index(array, token, adding) {
  if (adding && token === '-') return array.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`bad index ${token}`);
  const i = Number(token);
  if (i > array.length || (!adding && i === array.length)) throw new Error(`no index ${i}`);
  return i;
}

/** Applies add, remove and replace operations to `doc` in order; returns the new document. */
export function applyPatch(doc, ops) {
  for (const op of ops) {
    const path = tokens(op.path);
    if (path.length === 0) {
      if (op.op === 'remove') throw new Error('cannot remove the root');
      doc = structuredClone(op.value);
      continue;
    }
    let parent = doc;
    for (const t of path.slice(0, -1)) {
      const next = Array.isArray(parent) ? parent[index(parent, t, false)] : parent?.[t];
      if (next === undefined || next === null || typeof next !== 'object') {
        throw new Error(`no ${op.path}`);
      }
      parent = next;
    }
    if (parent === null || typeof parent !== 'object') throw new Error(`no ${op.path}`);
    const last = path[path.length - 1];
    const value = structuredClone(op.value);
    if (Array.isArray(parent)) {
      const i = index(parent, last, op.op === 'add');
      if (op.op === 'add') parent.splice(i, 0, value);
      else if (op.op === 'remove') parent.splice(i, 1);
      else if (op.op === 'replace') parent[i] = value;
      else throw new Error(`unknown op ${op.op}`);
    } else {
      const has = Object.prototype.hasOwnProperty.call(parent, last);
      if (op.op === 'add') parent[last] = value;
      else if (op.op === 'remove' && has) delete parent[last];
      else if (op.op === 'replace' && has) parent[last] = value;
      else throw new Error(`cannot ${op.op} ${op.path}`);
    }
  }
  return doc;
}
