/**
 * What a keyboard-wedge scanner types from a traveler's barcode, then Enter. Two forms are read:
 *
 * - JSON, the same object the `/manufacturing/startdirectactivity/:singleActivity/:travelerjson` route
 *   carries: `{"JobNumber":"J1001","ProductionPlanOperationID":42,"ResourceID":"LV-PCH01"}`
 *   (ResourceID optional);
 * - the short form for 1D barcodes: `JOB|OPID` or `JOB|OPID|RESOURCE` (e.g. `J1001|42|LV-PCH01`).
 *
 * Whitespace around the code and its parts is ignored. Anything else is not a traveler (null).
 */
export interface Traveler {
  JobNumber: string;
  ProductionPlanOperationID: number;
  ResourceID: string | null;
}

const JOB = /^[A-Za-z0-9-]{1,30}$/;
const RESOURCE = /^[A-Za-z0-9-]{1,20}$/;

function make(job: unknown, op: unknown, resource: unknown): Traveler | null {
  const JobNumber = typeof job === 'string' ? job.trim() : typeof job === 'number' ? String(job) : '';
  const id =
    typeof op === 'number' ? op : typeof op === 'string' && /^\s*\d+\s*$/.test(op) ? Number(op) : NaN;
  const r = typeof resource === 'string' ? resource.trim() : '';
  if (!JOB.test(JobNumber) || !Number.isSafeInteger(id) || id <= 0) return null;
  if (r && !RESOURCE.test(r)) return null;
  return { JobNumber, ProductionPlanOperationID: id, ResourceID: r || null };
}

export function parseTraveler(code: string): Traveler | null {
  const text = code.trim();
  if (!text) return null;
  if (text.startsWith('{')) {
    try {
      const o = JSON.parse(text) as Record<string, unknown>;
      if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
      return make(o.JobNumber, o.ProductionPlanOperationID, o.ResourceID);
    } catch {
      return null;
    }
  }
  const parts = text.split('|');
  if (parts.length < 2 || parts.length > 3) return null;
  return make(parts[0], parts[1], parts[2]);
}

/** The short form of a traveler (what a printed 1D barcode holds). */
export function travelerCode(t: Traveler): string {
  return [t.JobNumber, t.ProductionPlanOperationID, ...(t.ResourceID ? [t.ResourceID] : [])].join('|');
}
