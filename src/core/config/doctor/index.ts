// Generated tables of scripts/extract-openclaw-doctor.mjs: what each measured release's `openclaw doctor --fix` does to the keys it refuses, oldest first.
import doctor_2026_9_5 from './openclaw-2026.9.5.json';
import doctor_2026_9_6 from './openclaw-2026.9.6.json';
import type { DoctorTable } from '../doctorFix';

export const DOCTOR_TABLES: readonly DoctorTable[] = [doctor_2026_9_5 as unknown as DoctorTable, doctor_2026_9_6 as unknown as DoctorTable];
