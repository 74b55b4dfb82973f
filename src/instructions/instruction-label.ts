import { toLabel } from '../workspace/labels.js';

/** The label of an instruction file; the same rule as {@link toLabel}, under the name discovery code reads best with. */
export const instructionLabel = toLabel;
