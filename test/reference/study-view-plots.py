# Independent expectations for test/server/study-view-plots.test.ts from the lgg study files.
import numpy as np, math, json, re, collections
from scipy import stats
import os
D=os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../../shared/studies/lgg_ucsf_2014_test_generic_assay/')
def table(f, D=D):
    rows=[l.rstrip('\n').split('\t') for l in open(D+f) if not l.startswith('#')]
    return [dict(zip(rows[0],r)) for r in rows[1:]]
samples=table('data_clinical_sample.txt'); patients={p['PATIENT_ID']:p for p in table('data_clinical_patient.txt')}
NA={'','NA','NAN','N/A'}
# MUTATION_COUNT (derived): distinct (chr,start,end,ref,alt2) of non-germline MAF rows per sequenced sample
seq=[l.split(':',1)[1].strip() for l in open(D+'case_lists/cases_sequenced.txt') if l.startswith('case_list_ids')][0].split('\t')
# MAF rows kept by the importer (study-format.md 10.4): default classification filter, status
# filters, genes resolved by symbol (every Entrez_Gene_Id of this MAF is empty or 0) against
# ../shared/reference/gene-info (symbol, or a synonym of exactly one gene)
sym=set(); syn=collections.defaultdict(set)
for l in open(os.path.join(D, '../../reference/gene-info-Oct-07-2025.txt')):
    if not l[0].isdigit(): continue
    f=l.rstrip('\n').split('\t'); sym.add(f[1].upper())
    for x in f[5].split('|'):
        if x: syn[x.upper()].add(f[0])
BAD=("silent","intron","3'utr","3'flank","5'utr","igr")
mc=collections.defaultdict(set)
for r in table('data_mutations_extended.txt'):
    vc=r['Variant_Classification'].lower(); ms=r['Mutation_Status'].lower(); vs=r.get('Validation_Status','').lower()
    if vs=='wildtype' or vc=='rna' or vc.startswith(BAD) or (vc.startswith("5'flank") and r['Hugo_Symbol']!='TERT'): continue
    if ms.startswith(('none','loh','wildtype')) or vs.startswith('redacted') or r['Hugo_Symbol']=='Unknown': continue
    if not (r['Hugo_Symbol'].upper() in sym or len(syn.get(r['Hugo_Symbol'].upper(),()))==1): continue
    if ms!='germline':
        mc[r['Tumor_Sample_Barcode']].add((r['Chromosome'],r['Start_Position'],r['End_Position'],r['Reference_Allele'],r['Tumor_Seq_Allele2']))
ES=os.path.join(D, '../study_es_0/')
es_samples=table('data_clinical_samples.txt',ES); es_patients={p['PATIENT_ID']:p for p in table('data_clinical_patients.txt',ES)}
for x in es_samples: x['_study']='study_es_0'
def value(s, attr):
    if s.get('_study')=='study_es_0':
        v = s.get(attr, es_patients[s['PATIENT_ID']].get(attr))
        return None if v is None or v.upper() in NA else v
    if attr=='MUTATION_COUNT': return str(len(mc[s['SAMPLE_ID']])) if s['SAMPLE_ID'] in seq else None
    v = s.get(attr, patients[s['PATIENT_ID']].get(attr))
    return None if v is None or v.upper() in NA else v
NUM=re.compile(r'^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$')
def s_of(sid): return 'study_es_0' if sid.startswith('TCGA') else 'lgg_ucsf_2014_test_generic_assay'
def pct(a,p): return float(np.percentile(np.sort(a),p,method='weibull'))
def violin(cohort, keep, cat, num, npts=100, mult=1, log=False, a0=None, a1=None):
    groups=collections.defaultdict(list)
    for s in sorted(cohort, key=lambda s:s['SAMPLE_ID']):
        c=value(s,cat); v=value(s,num)
        if c is None or v is None or not NUM.match(v): continue
        x=float(v); x=math.log(1+x) if log else x
        groups[c].append((s['SAMPLE_ID'],x,s['SAMPLE_ID'] in keep))
    if not groups: return {'axisStart':'Infinity','axisEnd':'-Infinity','rows':[]}
    s0=min(min(x for _,x,_ in g) for g in groups.values()) if a0 is None else a0
    s1=max(max(x for _,x,_ in g) for g in groups.values()) if a1 is None else a1
    step=(s1-s0)/(npts-1); sigma=mult*step; grid=[s0+i*step for i in range(int(npts))]
    rows=[]
    for c in sorted(groups):
        g=groups[c]; a=np.array([x for _,x,_ in g])
        q1,med,q3=pct(a,25),pct(a,50),pct(a,75); iqr=q3-q1
        sl,su,ol,ou=q1-1.5*iqr,q3+1.5*iqr,q1-3*iqr,q3+3*iqr
        susp=sum(1 for x in a if x<=sl or x>=su)
        out=[e for e in g if e[1]<=ol or (e[1]>sl and e[1]>=ou)]
        inl=[e for e in g if e not in out]
        wl = sl if susp else a.min(); wu = su if susp else a.max()
        box=dict(whiskerLower=max(wl,s0),whiskerUpper=min(wu,s1),median=med,q1=q1,q3=q3)
        if len(g)<=7: curve=[]; pts=inl+out
        else:
            curve=[math.fsum(stats.norm.pdf(p,loc=x,scale=sigma) for _,x,_ in inl) for p in grid]; pts=out
        rows.append(dict(category=c,numSamples=sum(1 for e in g if e[2]),curveData=curve,boxData=box,
            individualPoints=[dict(sampleId=e[0],studyId=s_of(e[0]),value=e[1]) for e in pts]))
    return dict(axisStart=s0,axisEnd=s1,rows=rows)
def density(cohort, xa, ya, xb=50, yb=50, xlog=False, ylog=False, xs=None, xe=None, ys=None, ye=None):
    X=[];Y=[]
    for s in cohort:
        x=value(s,xa); y=value(s,ya)
        if x is None or y is None or not NUM.match(x) or not NUM.match(y) or xa==ya: continue
        X.append(math.log(1+float(x)) if xlog else float(x)); Y.append(math.log(1+float(y)) if ylog else float(y))
    if not X: return {'bins':[]}
    X=np.array(X); Y=np.array(Y)
    f=lambda v,l: math.log(1+v) if l else v
    x0=X.min() if xs is None else f(xs,xlog); x1=X.max() if xe is None else f(xe,xlog)
    y0=Y.min() if ys is None else f(ys,ylog); y1=Y.max() if ye is None else f(ye,ylog)
    wx=(x1-x0)/xb; wy=(y1-y0)/yb
    with np.errstate(divide='ignore', invalid='ignore'):
        qi=np.nan_to_num(np.trunc((X-x0)/wx), nan=0.0, posinf=1e18, neginf=-1e18); qj=np.nan_to_num(np.trunc((Y-y0)/wy), nan=0.0, posinf=1e18, neginf=-1e18)
    I=np.clip(qi,0,xb-1).astype(int); J=np.clip(qj,0,yb-1).astype(int)
    cells=collections.defaultdict(list)
    for i,j,x,y in zip(I,J,X,Y): cells[(i,j)].append((x,y))
    bins=[dict(binX=float(x0+i*wx),binY=float(y0+j*wy),minX=float(min(p[0] for p in c)),maxX=float(max(p[0] for p in c)),minY=float(min(p[1] for p in c)),maxY=float(max(p[1] for p in c)),count=len(c)) for (i,j),c in sorted(cells.items())]
    r=dict(bins=bins)
    if len(X)>=2: r['pearsonCorr']=float(stats.pearsonr(X,Y).statistic); r['spearmanCorr']=float(stats.spearmanr(X,Y).statistic)
    else: r['pearsonCorr']=0.0; r['spearmanCorr']=0.0
    return r
ALL=samples
female=[s for s in ALL if value(s,'SEX')=='Female']
age30_40=[s for s in ALL if value(s,'AGE') and 30<float(value(s,'AGE'))<=40]
ids=lambda c:{s['SAMPLE_ID'] for s in c}
out={}
out['sexAge']=violin(ALL, ids(ALL), 'SEX','AGE')
out['sexAgeFiltered']=violin(ALL, ids(age30_40), 'SEX','AGE')  # AGE filter removed for the data
both=[s for s in female if s in age30_40]
out['sexAgeCombined']=violin(female, ids(both), 'SEX','AGE', npts=5, mult=2, a0=20, a1=60)
out['gradeAge']=violin(ALL, ids(ALL), 'GRADE','OS_MONTHS', npts=3)
out['sexMutLog']=violin(ALL, ids(ALL), 'SEX','MUTATION_COUNT', npts=4, log=True)
out['densAgeOs']=density(ALL,'AGE','OS_MONTHS',5,4)
out['densAgeOsBounds']=density(female,'AGE','OS_MONTHS',3,3,xs=30,xe=40,ys=50,ye=100)
out['densMutLog']=density(ALL,'MUTATION_COUNT','AGE',4,3,xlog=True,ylog=True)  # log on any attribute (Appendix B quirk 10 not followed)
out['sexAgeLog']=violin(ALL, ids(ALL), 'SEX','AGE', log=True)
age20_35=[s for s in ALL if value(s,'AGE') and 20<float(value(s,'AGE'))<=35]
out['sexAgeTwoItems']=violin(age20_35, ids([s for s in age20_35 if s in age30_40]), 'SEX','AGE', npts=3)
out['sexAgeAxis']=violin(ALL, ids(ALL), 'SEX','AGE', npts=4, mult=0.5, a0=25, a1=40)
out['esSubtypeOs']=violin(es_samples, ids(es_samples), 'SUBTYPE','OS_MONTHS', npts=3)
out['esDensOsDfs']=density(es_samples,'OS_MONTHS','DFS_MONTHS',4,4)
print(json.dumps(out))
import sys; print(json.dumps({x['SAMPLE_ID']:value(x,'MUTATION_COUNT') for x in ALL}), file=sys.stderr)
