import numpy as np, math
from scipy import stats
def density(x, y, xb, yb, xs=None, xe=None, ys=None, ye=None, xlog=False, ylog=False):
    x=np.array(x,float); y=np.array(y,float)
    with np.errstate(divide='ignore', invalid='ignore'):
        if xlog: x=np.log(1+x)
        if ylog: y=np.log(1+y)
    ok=np.isfinite(x)&np.isfinite(y); x=x[ok]; y=y[ok]
    f=lambda v,log: (np.log(1+v) if log else v)
    x0 = x.min() if xs is None else f(xs,xlog); x1 = x.max() if xe is None else f(xe,xlog)
    y0 = y.min() if ys is None else f(ys,ylog); y1 = y.max() if ye is None else f(ye,ylog)
    wx=(x1-x0)/xb; wy=(y1-y0)/yb
    with np.errstate(divide='ignore', invalid='ignore'):
        qi=np.trunc((x-x0)/wx); qj=np.trunc((y-y0)/wy)
    qi=np.where(np.isnan(qi),0,qi); qj=np.where(np.isnan(qj),0,qj)
    i=np.clip(qi,0,xb-1).astype(int); j=np.clip(qj,0,yb-1).astype(int)
    cells={}
    for a,b,xv,yv in zip(i,j,x,y):
        c=cells.setdefault((a,b),[])
        c.append((xv,yv))
    out=[]
    for (a,b) in sorted(cells):
        pts=cells[(a,b)]
        out.append(dict(binX=float(x0+a*wx),binY=float(y0+b*wy),minX=float(min(p[0] for p in pts)),maxX=float(max(p[0] for p in pts)),minY=float(min(p[1] for p in pts)),maxY=float(max(p[1] for p in pts)),count=len(pts)))
    res=dict(bins=out)
    if len(x)>=2:
        res['pearson']=float(stats.pearsonr(x,y).statistic); res['spearman']=float(stats.spearmanr(x,y).statistic)
    return res
X=[1,2,3,4,5,6,7,8,9,10]; Y=[3,1,4,1,5,9,2,6,5,3]
print(repr(density(X,Y,4,3)))
print(repr(density(X,Y,4,3,xs=2,xe=8,ys=2,ye=6)))
LX=[0,1,3,-1,7,15,2]; LY=[0,2,-2,5,3,1,8]
print(repr(density(LX,LY,3,3,xlog=True,ylog=True)))
print(repr(density(LX,LY,3,2,xs=0,xe=15,xlog=True)))
