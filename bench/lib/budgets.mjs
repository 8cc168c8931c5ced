// The numbers of docs/design.md §5 (raised on 2026-11-24), in one place for the benchmarks and
// the CI budget check.
export const BUDGETS = {
  firstScreenJsKb: 95,
  laterScreenJsKb: 10,
  lighthouseScore: 100,
  cls: 0,
  lcpMs: 1200,
  // Continue → next screen: two frames (it was 50 ms until 2026-11-24).
  stepP95Ms: 33,
  submissionsPerSecond: 2000,
  // Server CPU per accepted submission ÷ the floor server's, measured in the same run.
  cpuFloorRatio: 1.5,
  submissionP99Ms: 25,
  backOfficeListP95Ms: 100,
};
