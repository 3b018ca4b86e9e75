import numpy as np, math
from scipy import stats
def box(vals):
    a=np.sort(np.array(vals,float))
    q1,med,q3=np.percentile(a,[25,50,75],method='weibull')
    return q1,med,q3
def curve(inl, start, end, npts, mult):
    step=(end-start)/(npts-1); sigma=mult*step
    grid=[start+i*step for i in range(int(npts))]
    return [math.fsum(stats.norm.pdf(p,loc=v,scale=sigma) for v in inl) for p in grid]
A=[1,2,2.5,3,3.5,4,4.5,5,5.5,6,14,40]; B=[0.5,7,8,9,10]
print('A box',[repr(float(v)) for v in box(A)])
print('B box',[repr(float(v)) for v in box(B)])
inlA=[v for v in A if v!=40]
print('A curve', [repr(float(v)) for v in curve(inlA,0.5,40,5,1)])
# fractional points 3.5, sigma 2
print('A curve frac', [repr(float(v)) for v in curve(inlA,0.5,40,3.5,2)])
L=[0,-0.5,-1,-2,1,3,math.e-1]
with np.errstate(divide='ignore', invalid='ignore'):
    t=np.log(1+np.array(L,float))
t=[v for v in t if np.isfinite(v)]
print('log vals',[repr(float(v)) for v in t]); print('log box',[repr(float(v)) for v in box(t)])
C=list(range(1,11))
print('C box', [repr(float(v)) for v in box(C)])
print('C curve', [repr(float(v)) for v in curve(C,1,10,4,1)])
