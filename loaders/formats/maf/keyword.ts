// The mutation keyword (study-format 10.3; cBioPortal's MutationKeywordUtils): '<GENE> <kind>'
// groups mutations for the counts by position and type. Classifications compare exactly.

/** '<GENE> truncating', '<GENE> V600 missense', ...; null when no keyword applies. */
export function mutationKeyword(geneSymbolUpper: string, proteinChange: string, mutationType: string): string | null {
  const keyword = guessKeyword(proteinChange, mutationType);
  return keyword === null ? null : `${geneSymbolUpper} ${keyword}`;
}

const TRUNCATING_TYPES = new Set(['Nonsense_Mutation', 'Splice_Site', 'Nonstop_Mutation', 'Translation_Start_Site']);

export function guessKeyword(aa: string, type: string): string | null {
  if (TRUNCATING_TYPES.has(type) || type.startsWith('Frame_Shift_')) return 'truncating';
  let m: RegExpExecArray | null;
  if (type === 'Missense_Mutation') {
    if (/^M1[A-LN-Z][A-Z]*$/.test(aa)) return 'truncating';
    if ((m = /^([A-Z][0-9]+)[A-Z]$/.exec(aa))) return `${m[1]} missense`;
    if ((m = /^([0-9]+)_([0-9]+)[A-Z]+>[A-Z]+$/.exec(aa))) return `${m[1]}-${m[2]} missense`;
  }
  if (type === 'In_Frame_Ins') {
    if (/^[0-9]+_[0-9]+[A-Z]*((ins)|(>)).*\*.*$/.test(aa)) return 'truncating';
    if (/^1_1M>?[A-LN-Z][A-Z]*$/.test(aa) || /^1_2ins[A-LN-Z][A-Z]*$/.test(aa)) return 'truncating';
    if ((m = /([0-9]+)_([0-9]+)[A-Z]*((ins)|(>))[A-Z]+/.exec(aa))) return `${m[1]} insertion`;
  }
  if (type === 'In_Frame_Del') {
    if (/^M[A-Z]*1del$/.test(aa) || /^1_[0-9]+M[A-Z]*>[A-LN-Z][A-Z]*$/.test(aa)) return 'truncating';
    if (/^[A-Z]*\*[0-9]+del$/.test(aa) || /^[0-9]+_[0-9]+[A-Z]*\*>[A-Z]+$/.test(aa)) return 'truncating';
    if (/^[0-9]+_[0-9]+[A-Z]*>.*\*.*$/.test(aa)) return 'truncating';
    if ((m = /^([A-Z]+)([0-9]+)del$/.exec(aa))) return `${m[2]}-${Number(m[2]) + m[1].length - 1} deletion`;
    if ((m = /([0-9]+)_([0-9]+)[A-Z]*>[A-Z]+/.exec(aa))) return `${m[1]}-${m[2]} deletion`;
  }
  if (type === 'Silent') {
    if ((m = /([0-9]+)/.exec(aa))) return `${m[1]}silent`;
  }
  if (type === 'Exon skipping' || type === 'vIII deletion') return aa;
  if (type === 'NA') return guessCosmicKeyword(aa);
  return null;
}

const COSMIC_TRUNCATING = [
  /^\(?[A-Z*]?[0-9]+[A-Z*]?\)?fs\*?>?\??[0-9]*$/, // frameshift
  /^\?fs$/,
  /^[A-Z][0-9]+>?\*$/, // nonsense
  /^M1>?[A-LN-Z]$/, // non start
  /^M1delM$/,
  /^M1_M1ins[A-LN-Z][A-Z]*$/,
  /^([A-Z][0-9]+_)?\*[0-9]+>?[A-Z]$/, // non stop
  /^([A-Z][0-9]+_)\*[0-9]+del([A-Z]+\*)?$/,
  /^\*[0-9]+del\*$/,
  /^[A-Z][0-9]+(_[A-Z][0-9]+)?((ins)|(>)).*\*.*$/, // inserting a stop
  /^[A-Z][0-9]+_[A-Z][0-9]+>.*\*.*$/,
  /^M1_[A-Z][0-9]+>[A-LN-Z][A-Z]*$/,
];

/** Keywords for COSMIC-style changes (mutation type 'NA'). */
export function guessCosmicKeyword(aa: string): string | null {
  if (COSMIC_TRUNCATING.some((re) => re.test(aa))) return 'truncating';
  let m: RegExpExecArray | null;
  if ((m = /^(([A-Z*])[0-9]+)>?((\2)|(=)|(%3D))$/.exec(aa))) return `${m[1]} silent`;
  if ((m = /^([A-Z]([0-9]+))>?([A-Z]+)$/.exec(aa))) return m[3].length > 1 ? `${m[2]} insertion` : `${m[1]} missense`;
  if ((m = /^[A-Z]?([0-9]+)_[A-Z*]?[0-9]+ins(([A-Z]+)|([0-9]+))$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^\*([0-9]+)[A-Z]?ext\*(([0-9]+)|(\?))$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^[A-Z*]([0-9]+)(_[A-Z*][0-9]+)?dup$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^[A-Z]?([0-9]+)>[A-Z][A-Z]+$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^\*([0-9]+)_\*[0-9]+ins[A-Z]+\*?$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^[A-Z]([0-9]+)del[A-Z]?$/.exec(aa))) return `${m[1]}-${m[1]} deletion`;
  if ((m = /^[A-Z]([0-9]+)_[A-Z]([0-9]+)del(([A-Z]+)|([0-9]+))?$/.exec(aa))) return `${m[1]}-${m[2]} deletion`;
  if ((m = /^[A-Z]([0-9]+)_[A-Z*]([0-9]+)((>)|(delins))([A-Z*]+)$/.exec(aa))) {
    const n1 = Number(m[2]) - Number(m[1]) + 1;
    const n2 = m[6].length;
    if (n1 === n2) return `${m[1]}-${m[2]} missense`;
    if (n1 > n2) return `${m[1]}-${m[2]} deletion`;
    return `${m[1]} insertion`;
  }
  if ((m = /^[A-Z*]([0-9]+)delins[A-Z*]+[0-9]*$/.exec(aa))) return `${m[1]} insertion`;
  if ((m = /^([A-Z*]+)([0-9]+)delext\*([0-9]+)$/.exec(aa))) {
    const deleted = m[1].length;
    const added = Number(m[3]);
    const at = Number(m[2]);
    if (deleted === added) return `${m[2]}-${at + added - 1} missense`;
    if (deleted < added) return `${m[2]} insertion`;
  }
  return null;
}
