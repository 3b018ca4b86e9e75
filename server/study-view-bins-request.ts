// What every Study View bin endpoint (study-view.md 4.6, 4.7, 4.9, 4.12) reads of its request
// items: the DataBinFilter fields (5.1). The cohorts binned (5.2) are StudyViewRequest.binCohorts.
import type { BinRequest } from '../engine/stats/binning.js';

type Nullable<T> = { [K in keyof T]?: T[K] | null };

/** The DataBinFilter fields of a request item; JSON nulls mean "not given". */
export function binRequestOf(body: Nullable<Omit<BinRequest, 'attributeId'>>): Omit<BinRequest, 'attributeId'> {
  return {
    binMethod: body.binMethod ?? undefined,
    customBins: body.customBins ?? undefined,
    binsGeneratorConfig: body.binsGeneratorConfig ?? undefined,
    disableLogScale: body.disableLogScale ?? undefined,
    start: body.start ?? undefined,
    end: body.end ?? undefined,
  };
}
