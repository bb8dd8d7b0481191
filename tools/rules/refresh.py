#!/usr/bin/env python3
"""Refreshes the `code` and `tests` lists of rules/index.toml from the citations in the tree (the
files under crates/ and tools/ that cite each id or a part of it; a test is a file under tests/ or
scenarios/, or a tests.rs module). Ids, titles, statuses, profiles and whys are kept as written.
Run it after citing a rule in new code or tests, then `croupier rules --markdown > docs/rules.md`."""
import re,os,tomllib,sys
ROOT=os.path.abspath(os.path.join(os.path.dirname(__file__),'..','..'))
def lead(s):
    m=re.match(r'(\d+)(.*)',s,re.S); return (int(m.group(1)),m.group(2)) if m else None
PRE=["TDA-RP-","TDA-","RP-","HC-","DG-","WWPLA-","JPR-"]
def cited_ids(text):
    out=[]
    for m in re.finditer(r'(?<![A-Za-z0-9_])(TDA-RP-|TDA-|RP-|HC-|DG-|WWPLA-|JPR-)',text):
        start=m.start(); p=m.group(1); after=text[m.end():]
        if p=='RP-' and text[:start].endswith('TDA-'): continue
        r=lead(after)
        if not r: continue
        n,tail=r
        i=('TDA-RP-%d'%n) if p=='RP-' else p+str(n)
        if p in('TDA-RP-','TDA-','RP-'):
            if tail[:1].isupper() and tail[:1].isascii() and not (len(tail)>1 and tail[1].isalnum()):
                i+=tail[0]
        elif p in ('HC-','DG-','JPR-'):
            if p=='DG-':
                l=re.match(r'[a-z]*',tail).group(0)
                if len(l)==1: i+=l; tail=tail[1:]
            while tail.startswith('.'):
                r2=lead(tail[1:])
                if not r2: break
                i+='.%d'%r2[0]; tail=r2[1]
        if p=='JPR-' and '.' not in i: i+='.0'
        out.append(i)
    return out
def part_of(c,i):
    if not c.startswith(i): return False
    rest=c[len(i):]
    return rest=='' or rest[0]=='.' or rest[0].isalpha()
def is_test(p):
    parts=p.split('/')
    return 'tests' in parts or 'scenarios' in parts or p.endswith('/tests.rs')
EXT=('.rs','.toml','.md','.js','.mjs','.html','.json','.snap','.py','.sh','.css')
SKIP_TESTS={'crates/engine/src/rule_index.rs','crates/engine/src/rule.rs','crates/engine/build.rs','crates/engine/tests/rulebook_texts.rs','crates/engine/tests/rule_index.rs','crates/engine/tests/citations/mod.rs','crates/engine/tests/rulebooks/mod.rs'}
files={}
for d in ['crates','tools']:
    for dp,dn,fn in os.walk(os.path.join(ROOT,d)):
        dn[:]=[x for x in dn if x not in('target','node_modules','__pycache__','testdata') and not x.startswith('.')]
        for f in fn:
            if f.endswith(EXT):
                p=os.path.relpath(os.path.join(dp,f),ROOT)
                if p in SKIP_TESTS or p.startswith('tools/rules/'): continue
                if f.endswith('.md'): continue   # docs describe, they do not apply or test
                try: files[p]=set(cited_ids(open(os.path.join(ROOT,p),encoding='utf-8').read()))
                except Exception: pass
drafts=tomllib.load(open(os.path.join(ROOT,'rules/index.toml'),'rb'))['rule']
def key(i):
    book,rest=i.split('-',1)
    order={'TDA':0,'WWPLA':2,'DG':3,'JPR':4,'HC':5}[book]
    if rest.startswith('RP-'): order=1; rest=rest[3:]
    parts=re.findall(r'\d+|[A-Za-z]+',rest)
    return (order,[(int(x),'') if x.isdigit() else (10**6,x) for x in parts])
drafts.sort(key=lambda r:key(r['id']))
def q(s): return '"'+s.replace('\\','\\\\').replace('"','\\"')+'"'
gaps=[]
out=[]
for r in drafts:
    i=r['id']
    code=sorted(p for p,c in files.items() if not is_test(p) and any(part_of(x,i) for x in c))
    tests=sorted(p for p,c in files.items() if is_test(p) and any(part_of(x,i) for x in c))
    st=r['status']
    e=['[[rule]]','id = '+q(i),'title = '+q(r['title']),'status = '+q(st)]
    if st!='conduct':
        e.append('code = ['+', '.join(q(x) for x in code)+']')
        e.append('tests = ['+', '.join(q(x) for x in tests)+']')
        if not code or not tests: gaps.append(i)
    if r.get('profiles'): e.append('profiles = ['+', '.join(q(x) for x in r['profiles'])+']')
    if st=='conduct': e.append('why = '+q(r['why']))
    out.append('\n'.join(e))
hdr='''# The rule index: every rule id the five rulebooks define (TDA 2019 rules 1-71 and RP-1..14 with
# their lettered parts; WWPLA 1-13; DG points 1-39 with their lettered points and numbered
# sub-points; JPR 1.0-12.0; HC's numbered sections at their deepest level), in the project's own
# words. `status`: "decides", the software decides by it; "shows", it tells people but decides
# nothing; "conduct", human conduct no software can act on (with `why`). `code` and `tests`: the
# files that apply and check it, each citing the id or a part of it. `profiles`: where it applies,
# when not under every profile. Checked against the code by `cargo test` (engine's
# tests/rule_index.rs) and against the rulebooks' texts by `.ci/run`; `croupier rules` counts it.
'''
open(ROOT+'/rules/index.toml','w').write(hdr+'\n'+'\n\n'.join(out)+'\n')
print(len(drafts),'rules;',len(gaps),'decides/shows without code or tests:',' '.join(gaps))

