// Which studies a caller may read, from its authorities, as cBioPortal's permission evaluator
// decides it: authorities are `<app>:<name>` (the prefix dropped, or no prefix at all when
// filter_groups_by_appname=false; a leading ROLE_ ignored), compared without case; a name grants
// the study of that id, every study (ALL), the *_TCGA studies (ALL_TCGA), the *_TARGET studies
// and ALL_TARGET_PHASE1/2 (ALL_NCI_TARGET), or the studies whose `groups` contain it; the
// always_show_study_group is granted to everybody.
import type { SecuritySettings } from '../config/settings.js';

export interface StudyGroups {
  studyId: string;
  /** ';'-separated group names (cancer_study.groups). */
  groups: string;
}

export class StudyAccess {
  /** Login-free instances: every study. */
  static readonly EVERYTHING = new StudyAccess(undefined);

  private constructor(private readonly granted: ReadonlySet<string> | undefined) {}

  static of(authorities: readonly string[], settings: Pick<SecuritySettings, 'appName' | 'filterGroupsByAppName' | 'alwaysShowStudyGroup'>): StudyAccess {
    const prefix = `${settings.appName.toUpperCase()}:`;
    const granted = new Set<string>();
    for (const raw of authorities) {
      const authority = raw.replace(/^ROLE_/, '').toUpperCase();
      if (!settings.filterGroupsByAppName) granted.add(authority);
      else if (authority.startsWith(prefix)) granted.add(authority.slice(prefix.length));
    }
    if (settings.alwaysShowStudyGroup) granted.add(settings.alwaysShowStudyGroup.toUpperCase());
    granted.delete('');
    return new StudyAccess(granted);
  }

  /** False when every study is readable (no per-study check needed). */
  get restricted(): boolean {
    return this.granted !== undefined;
  }

  /** Whether every study is readable, present and future (login-free, or the ALL authority). */
  get readsEveryStudy(): boolean {
    return this.granted === undefined || this.granted.has('ALL');
  }

  canRead(study: StudyGroups): boolean {
    const granted = this.granted;
    if (granted === undefined || granted.has('ALL')) return true;
    const id = study.studyId.toUpperCase();
    if (granted.has(id)) return true;
    if (granted.has('ALL_TCGA') && id.endsWith('_TCGA')) return true;
    if (granted.has('ALL_NCI_TARGET') && (id.endsWith('_TARGET') || id === 'ALL_TARGET_PHASE1' || id === 'ALL_TARGET_PHASE2')) return true;
    return study.groups.split(';').some((group) => group !== '' && granted.has(group.toUpperCase()));
  }
}
