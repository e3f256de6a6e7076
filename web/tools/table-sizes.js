// What the page's endgame tables weigh (after bash web/tools/build-tables.sh): for each
// rule set, all the files, and what one position fetches on first use (its material's
// files and those its probes may read, engine/tablebase.js's materialsBelow): a 3-piece
// position (two kings against one) and the 4-piece material that needs the most.
//   node web/tools/table-sizes.js
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { materialName, materialsBelow } from '../engine/tablebase.js';

const dir = fileURLToPath(new URL('../tables/', import.meta.url));
const size = (f) => statSync(dir + f).size;

for (const rules of ['default', 'tudaf']) {
  const files = (m) => materialsBelow(m).flatMap((name) => [`${name}.${rules}.wdl`, `${name}.${rules}.dtw`]);
  const bytes = (list) => list.reduce((a, f) => a + size(f), 0);
  const all = new Set();
  let worst = null;
  for (let wk = 0; wk <= 4; wk++) {
    for (let wm = 0; wm <= 4 - wk; wm++) {
      for (let bk = 0; bk <= 4 - wk - wm; bk++) {
        for (let bm = 0; bm <= 4 - wk - wm - bk; bm++) {
          if (wk + wm === 0 || bk + bm === 0) continue;
          const list = files([wk, wm, bk, bm]);
          list.forEach((f) => all.add(f));
          if (worst === null || bytes(list) > worst.bytes) worst = { name: materialName(wk, wm, bk, bm), bytes: bytes(list), files: list.length };
        }
      }
    }
  }
  const gz = [...all].reduce((a, f) => a + gzipSync(readFileSync(dir + f), { level: 9 }).length, 0);
  const three = files([2, 0, 1, 0]);
  console.log(
    `${rules}: ${all.size} files, ${bytes([...all])} bytes (${gz} gzipped); ` +
      `a KKvK position fetches ${bytes(three)} bytes in ${three.length} files; ` +
      `the most, ${worst.name}, ${worst.bytes} bytes in ${worst.files} files`,
  );
}
