import { benchTidyRows } from '/work/wt/stats/test/bench/analysis-data';
import { analyzeTidyRatings } from '/work/wt/stats/shared/analysis';
const rows = benchTidyRows();
const B = Number(process.argv[2] ?? 1000);
let t = performance.now();
analyzeTidyRatings(rows, { bootstrap: B, seed: 1 });
console.log('analysis ms', performance.now() - t);
