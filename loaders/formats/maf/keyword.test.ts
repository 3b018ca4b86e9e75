import { describe, expect, it } from 'vitest';
import { guessCosmicKeyword, guessKeyword, mutationKeyword } from './keyword.js';

describe('mutation keyword', () => {
  // Cases of cBioPortal's TestMutationKeywordUtils.
  const oncotator: [string, string, string][] = [
    ['K13R', 'Missense_Mutation', 'K13 missense'], ['569_570HG>QW', 'Missense_Mutation', '569-570 missense'],
    ['425_426insC', 'In_Frame_Ins', '425 insertion'], ['77_77T>NP', 'In_Frame_Ins', '77 insertion'],
    ['E1583_Q1584insPVELMPPE', 'NA', '1583 insertion'], ['E359del', 'In_Frame_Del', '359-359 deletion'],
    ['517_521ESSTR>G', 'In_Frame_Del', '517-521 deletion'], ['W274_F341del', 'NA', '274-341 deletion'],
    ['S371*', 'Nonsense_Mutation', 'truncating'], ['2219_2220insVR**', 'In_Frame_Ins', 'truncating'],
    ['M1I', 'Missense_Mutation', 'truncating'], ['1_1M>IA', 'In_Frame_Ins', 'truncating'], ['1_2insL', 'In_Frame_Ins', 'truncating'],
    ['M1del', 'In_Frame_Del', 'truncating'], ['MPEEMD1del', 'In_Frame_Del', 'truncating'],
    ['1_15MPPKVTSELLRQLRQ>K', 'In_Frame_Del', 'truncating'], ['*128Q', 'Nonstop_Mutation', 'truncating'],
    ['473_477TVAS*>R', 'In_Frame_Del', 'truncating'], ['904_905SE>*', 'In_Frame_Del', 'truncating'],
    ['G165_*404del', 'NA', 'truncating'], ['M253fs', 'Frame_Shift_Ins', 'truncating'], ['S2751fs*27', 'NA', 'truncating'],
    ['R31_splice', 'Splice_Site', 'truncating'], ['Exon skipping', 'Exon skipping', 'Exon skipping'],
    ['R81R', 'Silent', '81silent'],
  ];
  it.each(oncotator)('%s (%s) → %s', (change, type, keyword) => expect(guessKeyword(change, type)).toBe(keyword));

  const cosmic: [string, string | null][] = [
    ['', null], ['?', null], ['*730?', null], ['P248?', null], ['K267_D268ins?', null], ['PCRF*177delext*4', null],
    ['*803*', '*803 silent'], ['A803>A', 'A803 silent'], ['A803%3D', 'A803 silent'], ['A2S', 'A2 missense'],
    ['Q475_E477>VLQ', '475-477 missense'], ['*1069_*1069insWKDN*', '1069 insertion'], ['T574_Q575ins12', '574 insertion'],
    ['F1592>LGP', '1592 insertion'], ['299_300insGRS', '299 insertion'], ['*1001Rext*22', '1001 insertion'],
    ['A102_A104dup', '102 insertion'], ['A1038_R1041delinsCFC', '1038-1041 deletion'], ['A106delinsGRLS', '106 insertion'],
    ['A107_L108delinsSD', '107-108 missense'], ['PCRF*177delext*64', '177 insertion'], ['PCRF*177delext*5', '177-181 missense'],
    ['G738delG', '738-738 deletion'], ['L449_K459del11', '449-459 deletion'], ['F456_R461>S', '456-461 deletion'],
  ];
  it.each(cosmic)('cosmic %s → %s', (change, keyword) => expect(guessCosmicKeyword(change)).toBe(keyword));

  it('prefixes the upper-case gene symbol; none for untyped classifications', () => {
    expect(mutationKeyword('BRAF', 'V600E', 'Missense_Mutation')).toBe('BRAF V600 missense');
    expect(mutationKeyword('TERT', 'Promoter', "5'Flank")).toBeNull();
    expect(mutationKeyword('TP53', 'X331_splice', 'Splice_Region')).toBeNull();
    // classification names compare exactly
    expect(mutationKeyword('TP53', 'R175H', 'missense_mutation')).toBeNull();
  });
});
