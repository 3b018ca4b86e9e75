// Recurrent protein changes of the demo genes (well-known hotspots) and the share of each gene's
// mutations that hit one of them; every other mutation lands on a random codon.

export interface Hotspot {
  /** HGVSp_Short without `p.`: `R273H`, `R80*`, `E746_A750del`. */
  change: string;
  weight: number;
  refAminoAcid: string;
  position: number;
  /** Last codon of an in-frame deletion (= position otherwise). */
  endPosition: number;
  kind: 'Missense_Mutation' | 'Nonsense_Mutation' | 'In_Frame_Del';
}

export interface GeneHotspots {
  /** Share of the gene's mutations that are one of its hotspots. */
  share: number;
  hotspots: Hotspot[];
}

const TABLE: Record<string, [number, string]> = {
  TP53: [0.35, 'R175H:10 R248Q:8 R273H:8 R248W:6 R273C:6 G245S:4 Y220C:4 R249S:3 R282W:4 H179R:2 V157F:2 C176F:2 R213*:3 R196*:2'],
  PIK3CA: [0.8, 'H1047R:35 E545K:20 E542K:12 N345K:5 H1047L:4 E726K:3 C420R:2 Q546K:2 G1049R:2 E453K:2'],
  KRAS: [0.9, 'G12D:30 G12V:22 G12C:14 G13D:8 G12R:6 G12A:4 Q61H:4 A146T:3 Q61L:2'],
  BRAF: [0.7, 'V600E:60 V600K:5 G469A:4 K601E:3 D594G:3 G466V:2'],
  EGFR: [0.5, 'L858R:40 E746_A750del:30 T790M:10 G719S:5 A289V:4 L861Q:3'],
  IDH1: [0.9, 'R132H:80 R132C:15 R132G:3'],
  IDH2: [0.8, 'R140Q:60 R172K:30'],
  NRAS: [0.9, 'Q61R:30 Q61K:30 G12D:15 G13D:8 Q61L:6'],
  HRAS: [0.8, 'G12V:20 Q61R:20 G13R:10 Q61L:8'],
  AKT1: [0.8, 'E17K:95'],
  ERBB2: [0.5, 'S310F:20 L755S:15 V777L:15 V842I:8 D769Y:6 R678Q:6'],
  ESR1: [0.7, 'D538G:35 Y537S:25 E380Q:15 Y537N:10 L536H:5'],
  SF3B1: [0.6, 'K700E:60 K666N:10 R625H:8 H662Q:5'],
  CTNNB1: [0.8, 'S33C:15 S37F:15 T41A:20 S45F:15 D32N:8 G34R:6'],
  FGFR3: [0.6, 'S249C:50 Y373C:15 R248C:12 G370C:8'],
  GNAQ: [0.9, 'Q209L:60 Q209P:30 R183Q:8'],
  GNA11: [0.9, 'Q209L:80 R183C:10'],
  GNAS: [0.7, 'R201C:45 R201H:40 Q227L:10'],
  KIT: [0.5, 'D816V:30 L576P:10 K642E:10 W557R:8 V560D:8'],
  PDGFRA: [0.5, 'D842V:60 V561D:10'],
  JAK2: [0.8, 'V617F:95'],
  MAP2K1: [0.5, 'K57N:30 Q56P:20 P124S:10 E203K:10'],
  FBXW7: [0.4, 'R465C:30 R505G:20 R479Q:20 R465H:15'],
  SPOP: [0.7, 'F133V:25 W131G:15 Y87C:10 F102C:10 F133L:10'],
  U2AF1: [0.9, 'S34F:70 Q157P:15 S34Y:10'],
  SRSF2: [0.9, 'P95H:60 P95L:20 P95R:15'],
  RAC1: [0.6, 'P29S:80'],
  RHOA: [0.5, 'G17V:40 Y42C:20 E40Q:10'],
  MYD88: [0.9, 'L265P:90'],
  POLE: [0.3, 'P286R:50 V411L:30'],
  PPP2R1A: [0.6, 'P179R:40 R183W:25 S256F:15'],
  ERBB3: [0.4, 'V104M:40 E928G:15 D297Y:10'],
  PTEN: [0.2, 'R130G:20 R130Q:15 R173C:10 R173H:8 R233*:10'],
  DNMT3A: [0.4, 'R882H:60 R882C:25'],
  EZH2: [0.5, 'Y646N:30 Y646F:25 A682G:10'],
  NFE2L2: [0.6, 'R34G:20 E79K:20 D29H:10 E79Q:10'],
  CDKN2A: [0.2, 'R80*:15 H83Y:10'],
  APC: [0.3, 'R1450*:20 R876*:15 R1114*:12 Q1378*:10'],
  SMAD4: [0.3, 'R361H:30 R361C:20'],
  FOXA1: [0.3, 'F266L:10 S250F:10 D226N:8'],
  MTOR: [0.3, 'S2215Y:20 C1483Y:10 E1799K:10'],
  ALK: [0.5, 'F1174L:40 R1275Q:30 F1245C:10'],
  RET: [0.5, 'M918T:70 C634R:20'],
};

export function hotspotsOf(symbol: string): GeneHotspots | undefined {
  const entry = TABLE[symbol];
  if (!entry) return undefined;
  const [share, list] = entry;
  return { share, hotspots: list.split(' ').map(parseHotspot) };
}

function parseHotspot(token: string): Hotspot {
  const [change, weight] = token.split(':');
  const point = /^([A-Z])(\d+)([A-Z*])$/.exec(change);
  if (point) {
    const position = Number(point[2]);
    const kind = point[3] === '*' ? 'Nonsense_Mutation' : 'Missense_Mutation';
    return { change, weight: Number(weight), refAminoAcid: point[1], position, endPosition: position, kind };
  }
  const deletion = /^([A-Z])(\d+)_[A-Z](\d+)del$/.exec(change);
  if (!deletion) throw new Error(`unparsable hotspot ${change}`);
  return { change, weight: Number(weight), refAminoAcid: deletion[1], position: Number(deletion[2]), endPosition: Number(deletion[3]), kind: 'In_Frame_Del' };
}
