/* CodeMirror 6 (MIT), bundled by scripts/build-ui-assets.ts */
;(() => {
  var Bl = 1024,
    ip = 0
  class Xn {
    constructor(e, t) {
      ;(this.from = e), (this.to = t)
    }
  }
  class T {
    constructor(e = {}) {
      ;(this.id = ip++),
        (this.perNode = !!e.perNode),
        (this.deserialize =
          e.deserialize ||
          (() => {
            throw Error("This node type doesn't define a deserialize function")
          })),
        (this.combine = e.combine || null)
    }
    add(e) {
      if (this.perNode) throw RangeError("Can't add per-node props to node types")
      if (typeof e != 'function') e = ge.match(e)
      return (t) => {
        const i = e(t)
        return i === void 0 ? null : [this, i]
      }
    }
  }
  T.closedBy = new T({ deserialize: (e) => e.split(' ') })
  T.openedBy = new T({ deserialize: (e) => e.split(' ') })
  T.group = new T({ deserialize: (e) => e.split(' ') })
  T.isolate = new T({
    deserialize: (e) => {
      if (e && e != 'rtl' && e != 'ltr' && e != 'auto') throw RangeError('Invalid value for isolate: ' + e)
      return e || 'auto'
    },
  })
  T.contextHash = new T({ perNode: !0 })
  T.lookAhead = new T({ perNode: !0 })
  T.mounted = new T({ perNode: !0 })
  class Kt {
    constructor(e, t, i, n = !1) {
      ;(this.tree = e), (this.overlay = t), (this.parser = i), (this.bracketed = n)
    }
    static get(e) {
      return e && e.props && e.props[T.mounted.id]
    }
  }
  var np = Object.create(null)
  class ge {
    constructor(e, t, i, n = 0) {
      ;(this.name = e), (this.props = t), (this.id = i), (this.flags = n)
    }
    static define(e) {
      const t = e.props && e.props.length ? Object.create(null) : np,
        i = (e.top ? 1 : 0) | (e.skipped ? 2 : 0) | (e.error ? 4 : 0) | (e.name == null ? 8 : 0),
        n = new ge(e.name || '', t, e.id, i)
      if (e.props)
        for (let s of e.props) {
          if (!Array.isArray(s)) s = s(n)
          if (s) {
            if (s[0].perNode) throw RangeError("Can't store a per-node prop on a node type")
            t[s[0].id] = s[1]
          }
        }
      return n
    }
    prop(e) {
      return this.props[e.id]
    }
    get isTop() {
      return (this.flags & 1) > 0
    }
    get isSkipped() {
      return (this.flags & 2) > 0
    }
    get isError() {
      return (this.flags & 4) > 0
    }
    get isAnonymous() {
      return (this.flags & 8) > 0
    }
    is(e) {
      if (typeof e == 'string') {
        if (this.name == e) return !0
        const t = this.prop(T.group)
        return t ? t.indexOf(e) > -1 : !1
      }
      return this.id == e
    }
    static match(e) {
      const t = Object.create(null)
      for (const i in e) for (const n of i.split(' ')) t[n] = e[i]
      return (i) => {
        for (let n = i.prop(T.group), s = -1; s < (n ? n.length : 0); s++) {
          const r = t[s < 0 ? i.name : n[s]]
          if (r) return r
        }
      }
    }
  }
  ge.none = new ge('', Object.create(null), 0, 8)
  class Li {
    constructor(e) {
      this.types = e
      for (let t = 0; t < e.length; t++)
        if (e[t].id != t)
          throw RangeError('Node type ids should correspond to array positions when creating a node set')
    }
    extend(...e) {
      const t = []
      for (const i of this.types) {
        let n = null
        for (const s of e) {
          const r = s(i)
          if (r) {
            if (!n) n = Object.assign({}, i.props)
            let o = r[1],
              l = r[0]
            if (l.combine && l.id in n) o = l.combine(n[l.id], o)
            n[l.id] = o
          }
        }
        t.push(n ? new ge(i.name, n, i.id, i.flags) : i)
      }
      return new Li(t)
    }
  }
  var An = new WeakMap(),
    Wl = new WeakMap(),
    N
  ;((e) => {
    ;(e[(e.ExcludeBuffers = 1)] = 'ExcludeBuffers'),
      (e[(e.IncludeAnonymous = 2)] = 'IncludeAnonymous'),
      (e[(e.IgnoreMounts = 4)] = 'IgnoreMounts'),
      (e[(e.IgnoreOverlays = 8)] = 'IgnoreOverlays'),
      (e[(e.EnterBracketed = 16)] = 'EnterBracketed')
  })(N || (N = {}))
  class ie {
    constructor(e, t, i, n, s) {
      if (
        ((this.type = e),
        (this.children = t),
        (this.positions = i),
        (this.length = n),
        (this.props = null),
        s && s.length)
      ) {
        this.props = Object.create(null)
        for (const [r, o] of s) this.props[typeof r == 'number' ? r : r.id] = o
      }
    }
    toString() {
      const e = Kt.get(this)
      if (e && !e.overlay) return e.tree.toString()
      let t = ''
      for (const i of this.children) {
        const n = i.toString()
        if (n) {
          if (t) t += ','
          t += n
        }
      }
      return !this.type.name
        ? t
        : (/\W/.test(this.type.name) && !this.type.isError ? JSON.stringify(this.type.name) : this.type.name) +
            (t.length ? '(' + t + ')' : '')
    }
    cursor(e = 0) {
      return new Rn(this.topNode, e)
    }
    cursorAt(e, t = 0, i = 0) {
      const n = An.get(this) || this.topNode,
        s = new Rn(n)
      return (s.moveTo(e, t), An.set(this, s._tree), s)
    }
    get topNode() {
      return new ve(this, 0, 0, null)
    }
    resolve(e, t = 0) {
      const i = _i(An.get(this) || this.topNode, e, t, !1)
      return (An.set(this, i), i)
    }
    resolveInner(e, t = 0) {
      const i = _i(Wl.get(this) || this.topNode, e, t, !0)
      return (Wl.set(this, i), i)
    }
    resolveStack(e, t = 0) {
      return sp(this, e, t)
    }
    iterate(e) {
      const { enter: t, leave: i, from: n = 0, to: s = this.length } = e,
        r = e.mode || 0,
        o = (r & N.IncludeAnonymous) > 0
      for (let l = this.cursor(r | N.IncludeAnonymous); ; ) {
        let a = !1
        if (l.from <= s && l.to >= n && ((!o && l.type.isAnonymous) || t(l) !== !1)) {
          if (l.firstChild()) continue
          a = !0
        }
        for (;;) {
          if (a && i && (o || !l.type.isAnonymous)) i(l)
          if (l.nextSibling()) break
          if (!l.parent()) return
          a = !0
        }
      }
    }
    prop(e) {
      return !e.perNode ? this.type.prop(e) : this.props ? this.props[e.id] : void 0
    }
    get propValues() {
      const e = []
      if (this.props) for (const t in this.props) e.push([+t, this.props[t]])
      return e
    }
    balance(e = {}) {
      return this.children.length <= 8
        ? this
        : cr(
            ge.none,
            this.children,
            this.positions,
            0,
            this.children.length,
            0,
            this.length,
            (t, i, n) => new ie(this.type, t, i, n, this.propValues),
            e.makeTree || ((t, i, n) => new ie(ge.none, t, i, n)),
          )
    }
    static build(e) {
      return rp(e)
    }
  }
  ie.empty = new ie(ge.none, [], [], 0)
  class lr {
    constructor(e, t) {
      ;(this.buffer = e), (this.index = t)
    }
    get id() {
      return this.buffer[this.index - 4]
    }
    get start() {
      return this.buffer[this.index - 3]
    }
    get end() {
      return this.buffer[this.index - 2]
    }
    get size() {
      return this.buffer[this.index - 1]
    }
    get pos() {
      return this.index
    }
    next() {
      this.index -= 4
    }
    fork() {
      return new lr(this.buffer, this.index)
    }
  }
  class Qt {
    constructor(e, t, i) {
      ;(this.buffer = e), (this.length = t), (this.set = i)
    }
    get type() {
      return ge.none
    }
    toString() {
      const e = []
      for (let t = 0; t < this.buffer.length; ) e.push(this.childString(t)), (t = this.buffer[t + 3])
      return e.join(',')
    }
    childString(e) {
      let t = this.buffer[e],
        i = this.buffer[e + 3],
        n = this.set.types[t],
        s = n.name
      if (/\W/.test(s) && !n.isError) s = JSON.stringify(s)
      if (((e += 4), i == e)) return s
      const r = []
      while (e < i) r.push(this.childString(e)), (e = this.buffer[e + 3])
      return s + '(' + r.join(',') + ')'
    }
    findChild(e, t, i, n, s) {
      let { buffer: r } = this,
        o = -1
      for (let l = e; l != t; l = r[l + 3])
        if (Il(s, n, r[l + 1], r[l + 2])) {
          if (((o = l), i > 0)) break
        }
      return o
    }
    slice(e, t, i) {
      let n = this.buffer,
        s = new Uint16Array(t - e),
        r = 0
      for (let o = e, l = 0; o < t; ) {
        ;(s[l++] = n[o++]), (s[l++] = n[o++] - i)
        const a = (s[l++] = n[o++] - i)
        ;(s[l++] = n[o++] - e), (r = Math.max(r, a))
      }
      return new Qt(s, r, this.set)
    }
  }
  function Il(e, t, i, n) {
    switch (e) {
      case -2:
        return i < t
      case -1:
        return n >= t && i < t
      case 0:
        return i < t && n > t
      case 1:
        return i <= t && n > t
      case 2:
        return n > t
      case 4:
        return !0
    }
  }
  function _i(e, t, i, n) {
    var s
    while (e.from == e.to || (i < 1 ? e.from >= t : e.from > t) || (i > -1 ? e.to <= t : e.to < t)) {
      const o = !n && e instanceof ve && e.index < 0 ? null : e.parent
      if (!o) return e
      e = o
    }
    const r = n ? 0 : N.IgnoreOverlays
    if (n) {
      for (let o = e, l = o.parent; l; o = l, l = o.parent)
        if (
          o instanceof ve &&
          o.index < 0 &&
          ((s = l.enter(t, i, r)) === null || s === void 0 ? void 0 : s.from) != o.from
        )
          e = l
    }
    for (;;) {
      const o = e.enter(t, i, r)
      if (!o) return e
      e = o
    }
  }
  class ar {
    cursor(e = 0) {
      return new Rn(this, e)
    }
    getChild(e, t = null, i = null) {
      const n = Yl(this, e, t, i)
      return n.length ? n[0] : null
    }
    getChildren(e, t = null, i = null) {
      return Yl(this, e, t, i)
    }
    resolve(e, t = 0) {
      return _i(this, e, t, !1)
    }
    resolveInner(e, t = 0) {
      return _i(this, e, t, !0)
    }
    matchContext(e) {
      return or(this.parent, e)
    }
    enterUnfinishedNodesBefore(e) {
      let t = this.childBefore(e),
        i = this
      while (t) {
        const n = t.lastChild
        if (!n || n.to != t.to) break
        if (n.type.isError && n.from == n.to) (i = t), (t = n.prevSibling)
        else t = n
      }
      return i
    }
    get node() {
      return this
    }
    get next() {
      return this.parent
    }
  }
  class ve extends ar {
    constructor(e, t, i, n) {
      super()
      ;(this._tree = e), (this.from = t), (this.index = i), (this._parent = n)
    }
    get type() {
      return this._tree.type
    }
    get name() {
      return this._tree.type.name
    }
    get to() {
      return this.from + this._tree.length
    }
    nextChild(e, t, i, n, s = 0) {
      for (let r = this; ; ) {
        for (let { children: o, positions: l } = r._tree, a = t > 0 ? o.length : -1; e != a; e += t) {
          let h = o[e],
            c = l[e] + r.from,
            f
          if (
            !(
              s & N.EnterBracketed &&
              h instanceof ie &&
              (f = Kt.get(h)) &&
              !f.overlay &&
              f.bracketed &&
              i >= c &&
              i <= c + h.length
            ) &&
            !Il(n, i, c, c + h.length)
          )
            continue
          if (h instanceof Qt) {
            if (s & N.ExcludeBuffers) continue
            const u = h.findChild(0, h.buffer.length, t, i - c, n)
            if (u > -1) return new lt(new ql(r, h, e, c), null, u)
          } else if (s & N.IncludeAnonymous || !h.type.isAnonymous || hr(h)) {
            let u
            if (!(s & N.IgnoreMounts) && (u = Kt.get(h)) && !u.overlay) return new ve(u.tree, c, e, r)
            const d = new ve(h, c, e, r)
            return s & N.IncludeAnonymous || !d.type.isAnonymous
              ? d
              : d.nextChild(t < 0 ? h.children.length - 1 : 0, t, i, n, s)
          }
        }
        if (s & N.IncludeAnonymous || !r.type.isAnonymous) return null
        if (r.index >= 0) e = r.index + t
        else e = t < 0 ? -1 : r._parent._tree.children.length
        if (((r = r._parent), !r)) return null
      }
    }
    get firstChild() {
      return this.nextChild(0, 1, 0, 4)
    }
    get lastChild() {
      return this.nextChild(this._tree.children.length - 1, -1, 0, 4)
    }
    childAfter(e) {
      return this.nextChild(0, 1, e, 2)
    }
    childBefore(e) {
      return this.nextChild(this._tree.children.length - 1, -1, e, -2)
    }
    prop(e) {
      return this._tree.prop(e)
    }
    enter(e, t, i = 0) {
      let n
      if (!(i & N.IgnoreOverlays) && (n = Kt.get(this._tree)) && n.overlay) {
        const s = e - this.from,
          r = i & N.EnterBracketed && n.bracketed
        for (const { from: o, to: l } of n.overlay)
          if ((t > 0 || r ? o <= s : o < s) && (t < 0 || r ? l >= s : l > s))
            return new ve(n.tree, n.overlay[0].from + this.from, -1, this)
      }
      return this.nextChild(0, 1, e, t, i)
    }
    nextSignificantParent() {
      let e = this
      while (e.type.isAnonymous && e._parent) e = e._parent
      return e
    }
    get parent() {
      return this._parent ? this._parent.nextSignificantParent() : null
    }
    get nextSibling() {
      return this._parent && this.index >= 0 ? this._parent.nextChild(this.index + 1, 1, 0, 4) : null
    }
    get prevSibling() {
      return this._parent && this.index >= 0 ? this._parent.nextChild(this.index - 1, -1, 0, 4) : null
    }
    get tree() {
      return this._tree
    }
    toTree() {
      return this._tree
    }
    toString() {
      return this._tree.toString()
    }
  }
  function Yl(e, t, i, n) {
    const s = e.cursor(),
      r = []
    if (!s.firstChild()) return r
    if (i != null) {
      for (let o = !1; !o; ) if (((o = s.type.is(i)), !s.nextSibling())) return r
    }
    for (;;) {
      if (n != null && s.type.is(n)) return r
      if (s.type.is(t)) r.push(s.node)
      if (!s.nextSibling()) return n == null ? r : []
    }
  }
  function or(e, t, i = t.length - 1) {
    for (let n = e; i >= 0; n = n.parent) {
      if (!n) return !1
      if (!n.type.isAnonymous) {
        if (t[i] && t[i] != n.name) return !1
        i--
      }
    }
    return !0
  }
  class ql {
    constructor(e, t, i, n) {
      ;(this.parent = e), (this.buffer = t), (this.index = i), (this.start = n)
    }
  }
  class lt extends ar {
    get name() {
      return this.type.name
    }
    get from() {
      return this.context.start + this.context.buffer.buffer[this.index + 1]
    }
    get to() {
      return this.context.start + this.context.buffer.buffer[this.index + 2]
    }
    constructor(e, t, i) {
      super()
      ;(this.context = e), (this._parent = t), (this.index = i), (this.type = e.buffer.set.types[e.buffer.buffer[i]])
    }
    child(e, t, i) {
      const { buffer: n } = this.context,
        s = n.findChild(this.index + 4, n.buffer[this.index + 3], e, t - this.context.start, i)
      return s < 0 ? null : new lt(this.context, this, s)
    }
    get firstChild() {
      return this.child(1, 0, 4)
    }
    get lastChild() {
      return this.child(-1, 0, 4)
    }
    childAfter(e) {
      return this.child(1, e, 2)
    }
    childBefore(e) {
      return this.child(-1, e, -2)
    }
    prop(e) {
      return this.type.prop(e)
    }
    enter(e, t, i = 0) {
      if (i & N.ExcludeBuffers) return null
      const { buffer: n } = this.context,
        s = n.findChild(this.index + 4, n.buffer[this.index + 3], t > 0 ? 1 : -1, e - this.context.start, t)
      return s < 0 ? null : new lt(this.context, this, s)
    }
    get parent() {
      return this._parent || this.context.parent.nextSignificantParent()
    }
    externalSibling(e) {
      return this._parent ? null : this.context.parent.nextChild(this.context.index + e, e, 0, 4)
    }
    get nextSibling() {
      const { buffer: e } = this.context,
        t = e.buffer[this.index + 3]
      if (t < (this._parent ? e.buffer[this._parent.index + 3] : e.buffer.length))
        return new lt(this.context, this._parent, t)
      return this.externalSibling(1)
    }
    get prevSibling() {
      const { buffer: e } = this.context,
        t = this._parent ? this._parent.index + 4 : 0
      if (this.index == t) return this.externalSibling(-1)
      return new lt(this.context, this._parent, e.findChild(t, this.index, -1, 0, 4))
    }
    get tree() {
      return null
    }
    toTree() {
      const e = [],
        t = [],
        { buffer: i } = this.context,
        n = this.index + 4,
        s = i.buffer[this.index + 3]
      if (s > n) {
        const r = i.buffer[this.index + 1]
        e.push(i.slice(n, s, r)), t.push(0)
      }
      return new ie(this.type, e, t, this.to - this.from)
    }
    toString() {
      return this.context.buffer.childString(this.index)
    }
  }
  function Ul(e) {
    if (!e.length) return null
    let t = 0,
      i = e[0]
    for (let r = 1; r < e.length; r++) {
      const o = e[r]
      if (o.from > i.from || o.to < i.to) (i = o), (t = r)
    }
    const n = i instanceof ve && i.index < 0 ? null : i.parent,
      s = e.slice()
    if (n) s[t] = n
    else s.splice(t, 1)
    return new Vl(s, i)
  }
  class Vl {
    constructor(e, t) {
      ;(this.heads = e), (this.node = t)
    }
    get next() {
      return Ul(this.heads)
    }
  }
  function sp(e, t, i) {
    let n = e.resolveInner(t, i),
      s = null
    for (let r = n instanceof ve ? n : n.context.parent; r; r = r.parent)
      if (r.index < 0) {
        const o = r.parent
        ;(s || (s = [n])).push(o.resolve(t, i)), (r = o)
      } else {
        const o = Kt.get(r.tree)
        if (o && o.overlay && o.overlay[0].from <= t && o.overlay[o.overlay.length - 1].to >= t) {
          const l = new ve(o.tree, o.overlay[0].from + r.from, -1, r)
          ;(s || (s = [n])).push(_i(l, t, i, !1))
        }
      }
    return s ? Ul(s) : n
  }
  class Rn {
    get name() {
      return this.type.name
    }
    constructor(e, t = 0) {
      if (
        ((this.buffer = null),
        (this.stack = []),
        (this.index = 0),
        (this.bufferNode = null),
        (this.mode = t & ~N.EnterBracketed),
        e instanceof ve)
      )
        this.yieldNode(e)
      else {
        ;(this._tree = e.context.parent), (this.buffer = e.context)
        for (let i = e._parent; i; i = i._parent) this.stack.unshift(i.index)
        ;(this.bufferNode = e), this.yieldBuf(e.index)
      }
    }
    yieldNode(e) {
      if (!e) return !1
      return ((this._tree = e), (this.type = e.type), (this.from = e.from), (this.to = e.to), !0)
    }
    yieldBuf(e, t) {
      this.index = e
      const { start: i, buffer: n } = this.buffer
      return (
        (this.type = t || n.set.types[n.buffer[e]]),
        (this.from = i + n.buffer[e + 1]),
        (this.to = i + n.buffer[e + 2]),
        !0
      )
    }
    yield(e) {
      if (!e) return !1
      if (e instanceof ve) return ((this.buffer = null), this.yieldNode(e))
      return ((this.buffer = e.context), this.yieldBuf(e.index, e.type))
    }
    toString() {
      return this.buffer ? this.buffer.buffer.childString(this.index) : this._tree.toString()
    }
    enterChild(e, t, i) {
      if (!this.buffer)
        return this.yield(this._tree.nextChild(e < 0 ? this._tree._tree.children.length - 1 : 0, e, t, i, this.mode))
      const { buffer: n } = this.buffer,
        s = n.findChild(this.index + 4, n.buffer[this.index + 3], e, t - this.buffer.start, i)
      if (s < 0) return !1
      return (this.stack.push(this.index), this.yieldBuf(s))
    }
    firstChild() {
      return this.enterChild(1, 0, 4)
    }
    lastChild() {
      return this.enterChild(-1, 0, 4)
    }
    childAfter(e) {
      return this.enterChild(1, e, 2)
    }
    childBefore(e) {
      return this.enterChild(-1, e, -2)
    }
    enter(e, t, i = this.mode) {
      if (!this.buffer) return this.yield(this._tree.enter(e, t, i))
      return i & N.ExcludeBuffers ? !1 : this.enterChild(1, e, t)
    }
    parent() {
      if (!this.buffer) return this.yieldNode(this.mode & N.IncludeAnonymous ? this._tree._parent : this._tree.parent)
      if (this.stack.length) return this.yieldBuf(this.stack.pop())
      const e = this.mode & N.IncludeAnonymous ? this.buffer.parent : this.buffer.parent.nextSignificantParent()
      return ((this.buffer = null), this.yieldNode(e))
    }
    sibling(e) {
      if (!this.buffer)
        return !this._tree._parent
          ? !1
          : this.yield(
              this._tree.index < 0 ? null : this._tree._parent.nextChild(this._tree.index + e, e, 0, 4, this.mode),
            )
      const { buffer: t } = this.buffer,
        i = this.stack.length - 1
      if (e < 0) {
        const n = i < 0 ? 0 : this.stack[i] + 4
        if (this.index != n) return this.yieldBuf(t.findChild(n, this.index, -1, 0, 4))
      } else {
        const n = t.buffer[this.index + 3]
        if (n < (i < 0 ? t.buffer.length : t.buffer[this.stack[i] + 3])) return this.yieldBuf(n)
      }
      return i < 0 ? this.yield(this.buffer.parent.nextChild(this.buffer.index + e, e, 0, 4, this.mode)) : !1
    }
    nextSibling() {
      return this.sibling(1)
    }
    prevSibling() {
      return this.sibling(-1)
    }
    atLastNode(e) {
      let t,
        i,
        { buffer: n } = this
      if (n) {
        if (e > 0) {
          if (this.index < n.buffer.buffer.length) return !1
        } else for (let s = 0; s < this.index; s++) if (n.buffer.buffer[s + 3] < this.index) return !1
        ;({ index: t, parent: i } = n)
      } else ({ index: t, _parent: i } = this._tree)
      for (; i; { index: t, _parent: i } = i)
        if (t > -1)
          for (let s = t + e, r = e < 0 ? -1 : i._tree.children.length; s != r; s += e) {
            const o = i._tree.children[s]
            if (this.mode & N.IncludeAnonymous || o instanceof Qt || !o.type.isAnonymous || hr(o)) return !1
          }
      return !0
    }
    move(e, t) {
      if (t && this.enterChild(e, 0, 4)) return !0
      for (;;) {
        if (this.sibling(e)) return !0
        if (this.atLastNode(e) || !this.parent()) return !1
      }
    }
    next(e = !0) {
      return this.move(1, e)
    }
    prev(e = !0) {
      return this.move(-1, e)
    }
    moveTo(e, t = 0) {
      while (this.from == this.to || (t < 1 ? this.from >= e : this.from > e) || (t > -1 ? this.to <= e : this.to < e))
        if (!this.parent()) break
      while (this.enterChild(1, e, t));
      return this
    }
    get node() {
      if (!this.buffer) return this._tree
      let e = this.bufferNode,
        t = null,
        i = 0
      if (e && e.context == this.buffer)
        e: for (let n = this.index, s = this.stack.length; s >= 0; ) {
          for (let r = e; r; r = r._parent)
            if (r.index == n) {
              if (n == this.index) return r
              ;(t = r), (i = s + 1)
              break e
            }
          n = this.stack[--s]
        }
      for (let n = i; n < this.stack.length; n++) t = new lt(this.buffer, t, this.stack[n])
      return (this.bufferNode = new lt(this.buffer, t, this.index))
    }
    get tree() {
      return this.buffer ? null : this._tree._tree
    }
    iterate(e, t) {
      for (let i = 0; ; ) {
        let n = !1
        if (this.type.isAnonymous || e(this) !== !1) {
          if (this.firstChild()) {
            i++
            continue
          }
          if (!this.type.isAnonymous) n = !0
        }
        for (;;) {
          if (n && t) t(this)
          if (((n = this.type.isAnonymous), !i)) return
          if (this.nextSibling()) break
          this.parent(), i--, (n = !0)
        }
      }
    }
    matchContext(e) {
      if (!this.buffer) return or(this.node.parent, e)
      const { buffer: t } = this.buffer,
        { types: i } = t.set
      for (let n = e.length - 1, s = this.stack.length - 1; n >= 0; s--) {
        if (s < 0) return or(this._tree, e, n)
        const r = i[t.buffer[this.stack[s]]]
        if (!r.isAnonymous) {
          if (e[n] && e[n] != r.name) return !1
          n--
        }
      }
      return !0
    }
  }
  function hr(e) {
    return e.children.some((t) => t instanceof Qt || !t.type.isAnonymous || hr(t))
  }
  function rp(e) {
    var t
    let { buffer: i, nodeSet: n, maxBufferLength: s = 1024, reused: r = [], minRepeatType: o = n.types.length } = e,
      l = Array.isArray(i) ? new lr(i, i.length) : i,
      a = n.types,
      h = 0,
      c = 0
    function f(S, A, Z, L, E, U) {
      const { id: D, start: R, end: I, size: z } = l,
        F = c,
        me = h
      if (z < 0)
        if ((l.next(), z == -1)) {
          const pt = r[D]
          Z.push(pt), L.push(R - S)
          return
        } else if (z == -3) {
          h = D
          return
        } else if (z == -4) {
          c = D
          return
        } else throw RangeError(`Unrecognized record size: ${z}`)
      let Xe = a[D],
        rt,
        ce,
        Ee = R - S
      if (I - R <= s && (ce = m(l.pos - A, E))) {
        let pt = new Uint16Array(ce.size - ce.skip),
          xe = l.pos - ce.size,
          Ve = pt.length
        while (l.pos > xe) Ve = y(ce.start, pt, Ve)
        ;(rt = new Qt(pt, I - ce.start, n)), (Ee = ce.start - S)
      } else {
        const pt = l.pos - z
        l.next()
        let xe = [],
          Ve = [],
          ot = D >= o ? D : -1,
          Ot = 0,
          Ht = I,
          Ti = F
        while (l.pos > pt)
          if (ot >= 0 && l.id == ot && l.size >= 0) {
            if (l.end <= Ht - s) p(xe, Ve, R, Ot, l.end, Ht, ot, Ti, me), (Ot = xe.length), (Ht = l.end), (Ti = c)
            l.next()
          } else if (U > 2500) u(R, pt, xe, Ve)
          else {
            if (ot >= 0 && l.size == -1 && r[l.id].type == n.types[ot]) {
              if (Ot < xe.length) p(xe, Ve, R, Ot, l.end, Ht, ot, Ti, me)
              ;(Ot = xe.length + 1), (Ht = l.start), (Ti = c)
            }
            f(R, pt, xe, Ve, ot, U + 1)
          }
        if (ot >= 0 && Ot > 0 && Ot < xe.length) p(xe, Ve, R, Ot, R, Ht, ot, Ti, me)
        if ((xe.reverse(), Ve.reverse(), ot > -1 && Ot > 0)) {
          const El = d(Xe, me)
          rt = cr(Xe, xe, Ve, 0, xe.length, 0, I - R, El, El)
        } else rt = O(Xe, xe, Ve, I - R, F - I, me)
      }
      Z.push(rt), L.push(Ee)
    }
    function u(S, A, Z, L) {
      let E = [],
        U = 0,
        D = -1
      while (l.pos > A) {
        const { id: R, start: I, end: z, size: F } = l
        if (F > 4) l.next()
        else if (D > -1 && I < D) break
        else {
          if (D < 0) D = z - s
          E.push(R, I, z), U++, l.next()
        }
      }
      if (U) {
        const R = new Uint16Array(U * 4),
          I = E[E.length - 2]
        for (let z = E.length - 3, F = 0; z >= 0; z -= 3)
          (R[F++] = E[z]), (R[F++] = E[z + 1] - I), (R[F++] = E[z + 2] - I), (R[F++] = F)
        Z.push(new Qt(R, E[2] - I, n)), L.push(I - S)
      }
    }
    function d(S, A) {
      return (Z, L, E) => {
        let U = 0,
          D = Z.length - 1,
          R,
          I
        if (D >= 0 && (R = Z[D]) instanceof ie) {
          if (!D && R.type == S && R.length == E) return R
          if ((I = R.prop(T.lookAhead))) U = L[D] + R.length + I - E
        }
        return O(S, Z, L, E, U, A)
      }
    }
    function p(S, A, Z, L, E, U, D, R, I) {
      const z = [],
        F = []
      while (S.length > L) z.push(S.pop()), F.push(A.pop() + Z - E)
      S.push(O(n.types[D], z, F, U - E, R - U, I)), A.push(E - Z)
    }
    function O(S, A, Z, L, E, U, D) {
      if (U) {
        const R = [T.contextHash, U]
        D = D ? [R].concat(D) : [R]
      }
      if (E > 25) {
        const R = [T.lookAhead, E]
        D = D ? [R].concat(D) : [R]
      }
      return new ie(S, A, Z, L, D)
    }
    function m(S, A) {
      let Z = l.fork(),
        L = 0,
        E = 0,
        U = 0,
        D = Z.end - s,
        R = { size: 0, start: 0, skip: 0 }
      e: for (let I = Z.pos - S; Z.pos > I; ) {
        const z = Z.size
        if (Z.id == A && z >= 0) {
          ;(R.size = L), (R.start = E), (R.skip = U), (U += 4), (L += 4), Z.next()
          continue
        }
        const F = Z.pos - z
        if (z < 0 || F < I || Z.start < D) break
        let me = Z.id >= o ? 4 : 0,
          Xe = Z.start
        Z.next()
        while (Z.pos > F) {
          if (Z.size < 0)
            if (Z.size == -3 || Z.size == -4) me += 4
            else break e
          else if (Z.id >= o) me += 4
          Z.next()
        }
        ;(E = Xe), (L += z), (U += me)
      }
      if (A < 0 || L == S) (R.size = L), (R.start = E), (R.skip = U)
      return R.size > 4 ? R : void 0
    }
    function y(S, A, Z) {
      const { id: L, start: E, end: U, size: D } = l
      if ((l.next(), D >= 0 && L < o)) {
        const R = Z
        if (D > 4) {
          const I = l.pos - (D - 4)
          while (l.pos > I) Z = y(S, A, Z)
        }
        ;(A[--Z] = R), (A[--Z] = U - S), (A[--Z] = E - S), (A[--Z] = L)
      } else if (D == -3) h = L
      else if (D == -4) c = L
      return Z
    }
    const x = [],
      Q = []
    while (l.pos > 0) f(e.start || 0, e.bufferStart || 0, x, Q, -1, 0)
    const P = (t = e.length) !== null && t !== void 0 ? t : x.length ? Q[0] + x[0].length : 0
    return new ie(a[e.topID], x.reverse(), Q.reverse(), P)
  }
  var zl = new WeakMap()
  function Mn(e, t) {
    if (!e.isAnonymous || t instanceof Qt || t.type != e) return 1
    let i = zl.get(t)
    if (i == null) {
      i = 1
      for (const n of t.children) {
        if (n.type != e || !(n instanceof ie)) {
          i = 1
          break
        }
        i += Mn(e, n)
      }
      zl.set(t, i)
    }
    return i
  }
  function cr(e, t, i, n, s, r, o, l, a) {
    let h = 0
    for (let p = n; p < s; p++) h += Mn(e, t[p])
    const c = Math.ceil((h * 1.5) / 8),
      f = [],
      u = []
    function d(p, O, m, y, x) {
      for (let Q = m; Q < y; ) {
        let P = Q,
          S = O[Q],
          A = Mn(e, p[Q])
        Q++
        for (; Q < y; Q++) {
          const Z = Mn(e, p[Q])
          if (A + Z >= c) break
          A += Z
        }
        if (Q == P + 1) {
          if (A > c) {
            const Z = p[P]
            d(Z.children, Z.positions, 0, Z.children.length, O[P] + x)
            continue
          }
          f.push(p[P])
        } else {
          const Z = O[Q - 1] + p[Q - 1].length - S
          f.push(cr(e, p, O, P, Q, S, Z, null, a))
        }
        u.push(S + x - r)
      }
    }
    return (d(t, i, n, s, 0), (l || a)(f, u, o))
  }
  class fr {
    constructor() {
      this.map = new WeakMap()
    }
    setBuffer(e, t, i) {
      let n = this.map.get(e)
      if (!n) this.map.set(e, (n = new Map()))
      n.set(t, i)
    }
    getBuffer(e, t) {
      const i = this.map.get(e)
      return i && i.get(t)
    }
    set(e, t) {
      if (e instanceof lt) this.setBuffer(e.context.buffer, e.index, t)
      else if (e instanceof ve) this.map.set(e.tree, t)
    }
    get(e) {
      return e instanceof lt
        ? this.getBuffer(e.context.buffer, e.index)
        : e instanceof ve
          ? this.map.get(e.tree)
          : void 0
    }
    cursorSet(e, t) {
      if (e.buffer) this.setBuffer(e.buffer.buffer, e.index, t)
      else this.map.set(e.tree, t)
    }
    cursorGet(e) {
      return e.buffer ? this.getBuffer(e.buffer.buffer, e.index) : this.map.get(e.tree)
    }
  }
  class wt {
    constructor(e, t, i, n, s = !1, r = !1) {
      ;(this.from = e), (this.to = t), (this.tree = i), (this.offset = n), (this.open = (s ? 1 : 0) | (r ? 2 : 0))
    }
    get openStart() {
      return (this.open & 1) > 0
    }
    get openEnd() {
      return (this.open & 2) > 0
    }
    static addTree(e, t = [], i = !1) {
      const n = [new wt(0, e.length, e, 0, !1, i)]
      for (const s of t) if (s.to > e.length) n.push(s)
      return n
    }
    static applyChanges(e, t, i = 128) {
      if (!t.length) return e
      let n = [],
        s = 1,
        r = e.length ? e[0] : null
      for (let o = 0, l = 0, a = 0; ; o++) {
        const h = o < t.length ? t[o] : null,
          c = h ? h.fromA : 1e9
        if (c - l >= i)
          while (r && r.from < c) {
            let f = r
            if (l >= f.from || c <= f.to || a) {
              const u = Math.max(f.from, l) - a,
                d = Math.min(f.to, c) - a
              f = u >= d ? null : new wt(u, d, f.tree, f.offset + a, o > 0, !!h)
            }
            if (f) n.push(f)
            if (r.to > c) break
            r = s < e.length ? e[s++] : null
          }
        if (!h) break
        ;(l = h.toA), (a = h.toA - h.toB)
      }
      return n
    }
  }
  class Di {
    startParse(e, t, i) {
      if (typeof e == 'string') e = new Nl(e)
      return (
        (i = !i ? [new Xn(0, e.length)] : i.length ? i.map((n) => new Xn(n.from, n.to)) : [new Xn(0, 0)]),
        this.createParse(e, t || [], i)
      )
    }
    parse(e, t, i) {
      const n = this.startParse(e, t, i)
      for (;;) {
        const s = n.advance()
        if (s) return s
      }
    }
  }
  class Nl {
    constructor(e) {
      this.string = e
    }
    get length() {
      return this.string.length
    }
    chunk(e) {
      return this.string.slice(e)
    }
    get lineChunks() {
      return !1
    }
    read(e, t) {
      return this.string.slice(e, t)
    }
  }
  var T1 = new T({ perNode: !0 })
  class Tn {
    constructor(e, t, i, n, s, r, o, l, a, h = 0, c) {
      ;(this.p = e),
        (this.stack = t),
        (this.state = i),
        (this.reducePos = n),
        (this.pos = s),
        (this.score = r),
        (this.buffer = o),
        (this.bufferBase = l),
        (this.curContext = a),
        (this.lookAhead = h),
        (this.parent = c)
    }
    toString() {
      return `[${this.stack.filter((e, t) => t % 3 == 0).concat(this.state)}]@${this.pos}${this.score ? '!' + this.score : ''}`
    }
    static start(e, t, i = 0) {
      const n = e.parser.context
      return new Tn(e, [], t, i, i, 0, [], 0, n ? new pr(n, n.start) : null, 0, null)
    }
    get context() {
      return this.curContext ? this.curContext.context : null
    }
    pushState(e, t) {
      this.stack.push(this.state, t, this.bufferBase + this.buffer.length), (this.state = e)
    }
    reduce(e) {
      var t
      const i = e >> 19,
        n = e & 65535,
        { parser: s } = this.p,
        r = this.reducePos < this.pos - 25 && this.setLookAhead(this.pos),
        o = s.dynamicPrecedence(n)
      if (o) this.score += o
      if (i == 0) {
        if (n < s.minRepeatTerm && this.reducePos < this.pos) this.reducePos = this.pos
        if ((this.pushState(s.getGoto(this.state, n, !0), this.reducePos), n < s.minRepeatTerm))
          this.storeNode(n, this.reducePos, this.reducePos, r ? 8 : 4, !0)
        this.reduceContext(n, this.reducePos)
        return
      }
      const l = this.stack.length - (i - 1) * 3 - (e & 262144 ? 6 : 0),
        a = l ? this.stack[l - 2] : this.p.ranges[0].from
      if (n < s.minRepeatTerm && a == this.reducePos && this.reducePos < this.pos) this.reducePos = this.pos
      const h = this.reducePos - a
      if (h >= 2000 && !((t = this.p.parser.nodeSet.types[n]) === null || t === void 0 ? void 0 : t.isAnonymous)) {
        if (a == this.p.lastBigReductionStart) this.p.bigReductionCount++, (this.p.lastBigReductionSize = h)
        else if (this.p.lastBigReductionSize < h)
          (this.p.bigReductionCount = 1), (this.p.lastBigReductionStart = a), (this.p.lastBigReductionSize = h)
      }
      const c = l ? this.stack[l - 1] : 0,
        f = this.bufferBase + this.buffer.length - c
      if (n < s.minRepeatTerm || e & 131072) {
        const u = s.stateFlag(this.state, 1) ? this.pos : this.reducePos
        this.storeNode(n, a, u, f + 4, !0)
      }
      if (e & 262144) this.state = this.stack[l]
      else {
        const u = this.stack[l - 3]
        this.state = s.getGoto(u, n, !0)
      }
      while (this.stack.length > l) this.stack.pop()
      this.reduceContext(n, a)
    }
    storeNode(e, t, i, n = 4, s = !1) {
      if (e == 0 && (!this.stack.length || this.stack[this.stack.length - 1] < this.buffer.length + this.bufferBase)) {
        const r = this.buffer.length
        if (r > 0 && this.buffer[r - 4] == 0 && this.buffer[r - 1] > -1) {
          if (t == i) return
          if (this.buffer[r - 2] >= t) {
            this.buffer[r - 2] = i
            return
          }
        }
      }
      if (!s || this.pos == i) this.buffer.push(e, t, i, n)
      else {
        let r = this.buffer.length
        if (r > 0 && (this.buffer[r - 4] != 0 || this.buffer[r - 1] < 0)) {
          let o = !1
          for (let l = r; l > 0 && this.buffer[l - 2] > i; l -= 4)
            if (this.buffer[l - 1] >= 0) {
              o = !0
              break
            }
          if (o) {
            while (r > 0 && this.buffer[r - 2] > i)
              if (
                ((this.buffer[r] = this.buffer[r - 4]),
                (this.buffer[r + 1] = this.buffer[r - 3]),
                (this.buffer[r + 2] = this.buffer[r - 2]),
                (this.buffer[r + 3] = this.buffer[r - 1]),
                (r -= 4),
                n > 4)
              )
                n -= 4
          }
        }
        ;(this.buffer[r] = e), (this.buffer[r + 1] = t), (this.buffer[r + 2] = i), (this.buffer[r + 3] = n)
      }
    }
    shift(e, t, i, n) {
      if (e & 131072) this.pushState(e & 65535, this.pos)
      else if ((e & 262144) == 0) {
        const s = e,
          { parser: r } = this.p
        this.pos = n
        const o = r.stateFlag(s, 1)
        if (!o && (n > i || t <= r.maxNode)) this.reducePos = n
        if ((this.pushState(s, o ? i : Math.min(i, this.reducePos)), this.shiftContext(t, i), t <= r.maxNode))
          this.buffer.push(t, i, n, 4)
      } else if (((this.pos = n), this.shiftContext(t, i), t <= this.p.parser.maxNode)) this.buffer.push(t, i, n, 4)
    }
    apply(e, t, i, n) {
      if (e & 65536) this.reduce(e)
      else this.shift(e, t, i, n)
    }
    useNode(e, t, i) {
      let n = this.p.reused.length - 1
      if (n < 0 || this.p.reused[n] != e) this.p.reused.push(e), n++
      const s = (this.reducePos = this.pos = i + e.length)
      if ((this.pushState(t, i), this.buffer.push(n, i, s, -1), this.curContext))
        this.updateContext(
          this.curContext.tracker.reuse(this.curContext.context, e, this, this.p.stream.reset(this.pos - e.length)),
        )
    }
    split() {
      let e = this,
        t = e.buffer.length
      if (t && e.buffer[t - 4] == 0) t -= 4
      while (t > 0 && e.buffer[t - 2] > e.reducePos) t -= 4
      const i = e.buffer.slice(t),
        n = e.bufferBase + t
      while (e && n == e.bufferBase) e = e.parent
      return new Tn(
        this.p,
        this.stack.slice(),
        this.state,
        this.reducePos,
        this.pos,
        this.score,
        i,
        n,
        this.curContext,
        this.lookAhead,
        e,
      )
    }
    recoverByDelete(e, t) {
      const i = e <= this.p.parser.maxNode
      if (i) this.storeNode(e, this.pos, t, 4)
      this.storeNode(0, this.pos, t, i ? 8 : 4), (this.pos = this.reducePos = t), (this.score -= 190)
    }
    canShift(e) {
      for (let t = new ea(this); ; ) {
        const i = this.p.parser.stateSlot(t.state, 4) || this.p.parser.hasAction(t.state, e)
        if (i == 0) return !1
        if ((i & 65536) == 0) return !0
        t.reduce(i)
      }
    }
    recoverByInsert(e) {
      if (this.stack.length >= 300) return []
      let t = this.p.parser.nextStates(this.state)
      if (t.length > 8 || this.stack.length >= 120) {
        const n = []
        for (let s = 0, r; s < t.length; s += 2)
          if ((r = t[s + 1]) != this.state && this.p.parser.hasAction(r, e)) n.push(t[s], r)
        if (this.stack.length < 120)
          for (let s = 0; n.length < 8 && s < t.length; s += 2) {
            const r = t[s + 1]
            if (!n.some((o, l) => l & 1 && o == r)) n.push(t[s], r)
          }
        t = n
      }
      const i = []
      for (let n = 0; n < t.length && i.length < 4; n += 2) {
        const s = t[n + 1]
        if (s == this.state) continue
        const r = this.split()
        r.pushState(s, this.pos),
          r.storeNode(0, r.pos, r.pos, 4, !0),
          r.shiftContext(t[n], this.pos),
          (r.reducePos = this.pos),
          (r.score -= 200),
          i.push(r)
      }
      return i
    }
    forceReduce() {
      let { parser: e } = this.p,
        t = e.stateSlot(this.state, 5)
      if ((t & 65536) == 0) return !1
      if (!e.validAction(this.state, t)) {
        const i = t >> 19,
          n = t & 65535,
          s = this.stack.length - i * 3
        if (s < 0 || e.getGoto(this.stack[s], n, !1) < 0) {
          const r = this.findForcedReduction()
          if (r == null) return !1
          t = r
        }
        this.storeNode(0, this.pos, this.pos, 4, !0), (this.score -= 100)
      }
      return ((this.reducePos = this.pos), this.reduce(t), !0)
    }
    findForcedReduction() {
      const { parser: e } = this.p,
        t = [],
        i = (n, s) => {
          if (t.includes(n)) return
          return (
            t.push(n),
            e.allActions(n, (r) => {
              if (r & 393216);
              else if (r & 65536) {
                const o = (r >> 19) - s
                if (o > 1) {
                  const l = r & 65535,
                    a = this.stack.length - o * 3
                  if (a >= 0 && e.getGoto(this.stack[a], l, !1) >= 0) return (o << 19) | 65536 | l
                }
              } else {
                const o = i(r, s + 1)
                if (o != null) return o
              }
            })
          )
        }
      return i(this.state, 0)
    }
    forceAll() {
      while (!this.p.parser.stateFlag(this.state, 2))
        if (!this.forceReduce()) {
          this.storeNode(0, this.pos, this.pos, 4, !0)
          break
        }
      return this
    }
    get deadEnd() {
      if (this.stack.length != 3) return !1
      const { parser: e } = this.p
      return e.data[e.stateSlot(this.state, 1)] == 65535 && !e.stateSlot(this.state, 4)
    }
    restart() {
      this.storeNode(0, this.pos, this.pos, 4, !0), (this.state = this.stack[0]), (this.stack.length = 0)
    }
    sameState(e) {
      if (this.state != e.state || this.stack.length != e.stack.length) return !1
      for (let t = 0; t < this.stack.length; t += 3) if (this.stack[t] != e.stack[t]) return !1
      return !0
    }
    get parser() {
      return this.p.parser
    }
    dialectEnabled(e) {
      return this.p.parser.dialect.flags[e]
    }
    shiftContext(e, t) {
      if (this.curContext)
        this.updateContext(this.curContext.tracker.shift(this.curContext.context, e, this, this.p.stream.reset(t)))
    }
    reduceContext(e, t) {
      if (this.curContext)
        this.updateContext(this.curContext.tracker.reduce(this.curContext.context, e, this, this.p.stream.reset(t)))
    }
    emitContext() {
      const e = this.buffer.length - 1
      if (e < 0 || this.buffer[e] != -3) this.storeNode(this.curContext.hash, this.reducePos, this.reducePos, -3, !0)
    }
    emitLookAhead() {
      const e = this.buffer.length - 1
      if (e < 0 || this.buffer[e] != -4) this.buffer.push(this.lookAhead, this.pos, this.pos, -4)
    }
    updateContext(e) {
      if (e != this.curContext.context) {
        const t = new pr(this.curContext.tracker, e)
        if (t.hash != this.curContext.hash) this.emitContext()
        this.curContext = t
      }
    }
    setLookAhead(e) {
      if (e <= this.lookAhead) return !1
      return (this.emitLookAhead(), (this.lookAhead = e), !0)
    }
    close() {
      if (this.curContext && this.curContext.tracker.strict) this.emitContext()
      if (this.lookAhead > 0) this.emitLookAhead()
    }
  }
  class pr {
    constructor(e, t) {
      ;(this.tracker = e), (this.context = t), (this.hash = e.strict ? e.hash(t) : 0)
    }
  }
  class ea {
    constructor(e) {
      ;(this.start = e), (this.state = e.state), (this.stack = e.stack), (this.base = this.stack.length)
    }
    reduce(e) {
      const t = e & 65535,
        i = e >> 19
      if (i == 0) {
        if (this.stack == this.start.stack) this.stack = this.stack.slice()
        this.stack.push(this.state, 0, 0), (this.base += 3)
      } else this.base -= (i - 1) * 3
      const n = this.start.p.parser.getGoto(this.stack[this.base - 3], t, !0)
      this.state = n
    }
  }
  class _n {
    constructor(e, t, i) {
      if (((this.stack = e), (this.pos = t), (this.index = i), (this.buffer = e.buffer), this.index == 0))
        this.maybeNext()
    }
    static create(e, t = e.bufferBase + e.buffer.length) {
      return new _n(e, t, t - e.bufferBase)
    }
    maybeNext() {
      const e = this.stack.parent
      if (e != null) (this.index = this.stack.bufferBase - e.bufferBase), (this.stack = e), (this.buffer = e.buffer)
    }
    get id() {
      return this.buffer[this.index - 4]
    }
    get start() {
      return this.buffer[this.index - 3]
    }
    get end() {
      return this.buffer[this.index - 2]
    }
    get size() {
      return this.buffer[this.index - 1]
    }
    next() {
      if (((this.index -= 4), (this.pos -= 4), this.index == 0)) this.maybeNext()
    }
    fork() {
      return new _n(this.stack, this.pos, this.index)
    }
  }
  function ji(e, t = Uint16Array) {
    if (typeof e != 'string') return e
    let i = null
    for (let n = 0, s = 0; n < e.length; ) {
      let r = 0
      for (;;) {
        let o = e.charCodeAt(n++),
          l = !1
        if (o == 126) {
          r = 65535
          break
        }
        if (o >= 92) o--
        if (o >= 34) o--
        let a = o - 32
        if (a >= 46) (a -= 46), (l = !0)
        if (((r += a), l)) break
        r *= 46
      }
      if (i) i[s++] = r
      else i = new t(r)
    }
    return i
  }
  class Ei {
    constructor() {
      ;(this.start = -1),
        (this.value = -1),
        (this.end = -1),
        (this.extended = -1),
        (this.lookAhead = 0),
        (this.mask = 0),
        (this.context = 0)
    }
  }
  var Gl = new Ei()
  class ta {
    constructor(e, t) {
      ;(this.input = e),
        (this.ranges = t),
        (this.chunk = ''),
        (this.chunkOff = 0),
        (this.chunk2 = ''),
        (this.chunk2Pos = 0),
        (this.next = -1),
        (this.token = Gl),
        (this.rangeIndex = 0),
        (this.pos = this.chunkPos = t[0].from),
        (this.range = t[0]),
        (this.end = t[t.length - 1].to),
        this.readNext()
    }
    resolveOffset(e, t) {
      let i = this.range,
        n = this.rangeIndex,
        s = this.pos + e
      while (s < i.from) {
        if (!n) return null
        const r = this.ranges[--n]
        ;(s -= i.from - r.to), (i = r)
      }
      while (t < 0 ? s > i.to : s >= i.to) {
        if (n == this.ranges.length - 1) return null
        const r = this.ranges[++n]
        ;(s += r.from - i.to), (i = r)
      }
      return s
    }
    clipPos(e) {
      if (e >= this.range.from && e < this.range.to) return e
      for (const t of this.ranges) if (t.to > e) return Math.max(e, t.from)
      return this.end
    }
    peek(e) {
      let t = this.chunkOff + e,
        i,
        n
      if (t >= 0 && t < this.chunk.length) (i = this.pos + e), (n = this.chunk.charCodeAt(t))
      else {
        const s = this.resolveOffset(e, 1)
        if (s == null) return -1
        if (((i = s), i >= this.chunk2Pos && i < this.chunk2Pos + this.chunk2.length))
          n = this.chunk2.charCodeAt(i - this.chunk2Pos)
        else {
          let r = this.rangeIndex,
            o = this.range
          while (o.to <= i) o = this.ranges[++r]
          if (((this.chunk2 = this.input.chunk((this.chunk2Pos = i))), i + this.chunk2.length > o.to))
            this.chunk2 = this.chunk2.slice(0, o.to - i)
          n = this.chunk2.charCodeAt(0)
        }
      }
      if (i >= this.token.lookAhead) this.token.lookAhead = i + 1
      return n
    }
    acceptToken(e, t = 0) {
      const i = t ? this.resolveOffset(t, -1) : this.pos
      if (i == null || i < this.token.start) throw RangeError('Token end out of bounds')
      ;(this.token.value = e), (this.token.end = i)
    }
    acceptTokenTo(e, t) {
      ;(this.token.value = e), (this.token.end = t)
    }
    getChunk() {
      if (this.pos >= this.chunk2Pos && this.pos < this.chunk2Pos + this.chunk2.length) {
        const { chunk: e, chunkPos: t } = this
        ;(this.chunk = this.chunk2),
          (this.chunkPos = this.chunk2Pos),
          (this.chunk2 = e),
          (this.chunk2Pos = t),
          (this.chunkOff = this.pos - this.chunkPos)
      } else {
        ;(this.chunk2 = this.chunk), (this.chunk2Pos = this.chunkPos)
        const e = this.input.chunk(this.pos),
          t = this.pos + e.length
        ;(this.chunk = t > this.range.to ? e.slice(0, this.range.to - this.pos) : e),
          (this.chunkPos = this.pos),
          (this.chunkOff = 0)
      }
    }
    readNext() {
      if (this.chunkOff >= this.chunk.length) {
        if ((this.getChunk(), this.chunkOff == this.chunk.length)) return (this.next = -1)
      }
      return (this.next = this.chunk.charCodeAt(this.chunkOff))
    }
    advance(e = 1) {
      this.chunkOff += e
      while (this.pos + e >= this.range.to) {
        if (this.rangeIndex == this.ranges.length - 1) return this.setDone()
        ;(e -= this.range.to - this.pos), (this.range = this.ranges[++this.rangeIndex]), (this.pos = this.range.from)
      }
      if (((this.pos += e), this.pos >= this.token.lookAhead)) this.token.lookAhead = this.pos + 1
      return this.readNext()
    }
    setDone() {
      return (
        (this.pos = this.chunkPos = this.end),
        (this.range = this.ranges[(this.rangeIndex = this.ranges.length - 1)]),
        (this.chunk = ''),
        (this.next = -1)
      )
    }
    reset(e, t) {
      if (t) (this.token = t), (t.start = e), (t.lookAhead = e + 1), (t.value = t.extended = -1)
      else this.token = Gl
      if (this.pos != e) {
        if (((this.pos = e), e == this.end)) return (this.setDone(), this)
        while (e < this.range.from) this.range = this.ranges[--this.rangeIndex]
        while (e >= this.range.to) this.range = this.ranges[++this.rangeIndex]
        if (e >= this.chunkPos && e < this.chunkPos + this.chunk.length) this.chunkOff = e - this.chunkPos
        else (this.chunk = ''), (this.chunkOff = 0)
        this.readNext()
      }
      return this
    }
    read(e, t) {
      if (e >= this.chunkPos && t <= this.chunkPos + this.chunk.length)
        return this.chunk.slice(e - this.chunkPos, t - this.chunkPos)
      if (e >= this.chunk2Pos && t <= this.chunk2Pos + this.chunk2.length)
        return this.chunk2.slice(e - this.chunk2Pos, t - this.chunk2Pos)
      if (e >= this.range.from && t <= this.range.to) return this.input.read(e, t)
      let i = ''
      for (const n of this.ranges) {
        if (n.from >= t) break
        if (n.to > e) i += this.input.read(Math.max(n.from, e), Math.min(n.to, t))
      }
      return i
    }
  }
  class Tt {
    constructor(e, t) {
      ;(this.data = e), (this.id = t)
    }
    token(e, t) {
      const { parser: i } = t.p
      ia(this.data, e, t, this.id, i.data, i.tokenPrecTable)
    }
  }
  Tt.prototype.contextual = Tt.prototype.fallback = Tt.prototype.extend = !1
  class Yi {
    constructor(e, t, i) {
      ;(this.precTable = t), (this.elseToken = i), (this.data = typeof e == 'string' ? ji(e) : e)
    }
    token(e, t) {
      let i = e.pos,
        n = 0
      for (;;) {
        const s = e.next < 0,
          r = e.resolveOffset(1, 1)
        if ((ia(this.data, e, t, 0, this.data, this.precTable), e.token.value > -1)) break
        if (this.elseToken == null) return
        if (!s) n++
        if (r == null) break
        e.reset(r, e.token)
      }
      if (n) e.reset(i, e.token), e.acceptToken(this.elseToken, n)
    }
  }
  Yi.prototype.contextual = Tt.prototype.fallback = Tt.prototype.extend = !1
  class _t {
    constructor(e, t = {}) {
      ;(this.token = e), (this.contextual = !!t.contextual), (this.fallback = !!t.fallback), (this.extend = !!t.extend)
    }
  }
  function ia(e, t, i, n, s, r) {
    let o = 0,
      l = 1 << n,
      { dialect: a } = i.p.parser
    e: for (;;) {
      if ((l & e[o]) == 0) break
      const h = e[o + 1]
      for (let d = o + 3; d < h; d += 2)
        if ((e[d + 1] & l) > 0) {
          const p = e[d]
          if (a.allows(p) && (t.token.value == -1 || t.token.value == p || op(p, t.token.value, s, r))) {
            t.acceptToken(p)
            break
          }
        }
      let c = t.next,
        f = 0,
        u = e[o + 2]
      if (t.next < 0 && u > f && e[h + u * 3 - 3] == 65535) {
        o = e[h + u * 3 - 1]
        continue
      }
      for (; f < u; ) {
        const d = (f + u) >> 1,
          p = h + d + (d << 1),
          O = e[p],
          m = e[p + 1] || 65536
        if (c < O) u = d
        else if (c >= m) f = d + 1
        else {
          ;(o = e[p + 2]), t.advance()
          continue e
        }
      }
      break
    }
  }
  function Fl(e, t, i) {
    for (let n = t, s; (s = e[n]) != 65535; n++) if (s == i) return n - t
    return -1
  }
  function op(e, t, i, n) {
    const s = Fl(i, n, t)
    return s < 0 || Fl(i, n, e) < s
  }
  var Me = typeof process < 'u' && process.env && /\bparse\b/.test(process.env.LOG),
    ur = null
  function Hl(e, t, i) {
    const n = e.cursor(N.IncludeAnonymous)
    n.moveTo(t)
    for (;;)
      if (!(i < 0 ? n.childBefore(t) : n.childAfter(t)))
        for (;;) {
          if ((i < 0 ? n.to < t : n.from > t) && !n.type.isError)
            return i < 0 ? Math.max(0, Math.min(n.to - 1, t - 25)) : Math.min(e.length, Math.max(n.from + 1, t + 25))
          if (i < 0 ? n.prevSibling() : n.nextSibling()) break
          if (!n.parent()) return i < 0 ? 0 : e.length
        }
  }
  class na {
    constructor(e, t) {
      ;(this.fragments = e),
        (this.minRepeat = t),
        (this.i = 0),
        (this.fragment = null),
        (this.safeFrom = -1),
        (this.safeTo = -1),
        (this.trees = []),
        (this.start = []),
        (this.index = []),
        (this.lastRepeat = null),
        (this.lastRepeatPos = -1),
        this.nextFragment()
    }
    nextFragment() {
      const e = (this.fragment = this.i == this.fragments.length ? null : this.fragments[this.i++])
      if (e) {
        ;(this.safeFrom = e.openStart ? Hl(e.tree, e.from + e.offset, 1) - e.offset : e.from),
          (this.safeTo = e.openEnd ? Hl(e.tree, e.to + e.offset, -1) - e.offset : e.to)
        while (this.trees.length) this.trees.pop(), this.start.pop(), this.index.pop()
        this.trees.push(e.tree), this.start.push(-e.offset), this.index.push(0), (this.nextStart = this.safeFrom)
      } else this.nextStart = 1e9
    }
    nodeAt(e) {
      if (e < this.nextStart) return null
      while (this.fragment && this.safeTo <= e) this.nextFragment()
      if (!this.fragment) return null
      for (;;) {
        const t = this.trees.length - 1
        if (t < 0) return (this.nextFragment(), null)
        if (e < this.safeFrom) return null
        const i = this.trees[t],
          n = this.index[t]
        if (n == i.children.length) {
          this.trees.pop(), this.start.pop(), this.index.pop()
          continue
        }
        const s = i.children[n],
          r = this.start[t] + i.positions[n]
        if (r > e) return ((this.nextStart = r), null)
        if (s instanceof ie) {
          const o = r > this.lastRepeatPos && s.type.id >= this.minRepeat
          if (r == e || o) {
            let l = r + s.length,
              a
            if (r >= this.safeFrom && l <= this.safeTo && (!(a = s.prop(T.lookAhead)) || l + a < this.fragment.to)) {
              if (o) (this.lastRepeat = s), (this.lastRepeatPos = r)
              if (r == e) return s
            }
          }
          if ((this.index[t]++, r + s.length >= Math.max(this.safeFrom, e)))
            this.trees.push(s), this.start.push(r), this.index.push(0)
        } else this.index[t]++, (this.nextStart = r + s.length)
      }
    }
  }
  class sa {
    constructor(e, t) {
      ;(this.stream = t),
        (this.tokens = []),
        (this.mainToken = null),
        (this.actions = []),
        (this.tokens = e.tokenizers.map((i) => new Ei()))
    }
    getActions(e) {
      let t = 0,
        i = null,
        { parser: n } = e.p,
        { tokenizers: s } = n,
        r = n.stateSlot(e.state, 3),
        o = e.curContext ? e.curContext.hash : 0,
        l = 0
      for (let a = 0; a < s.length; a++) {
        if (((1 << a) & r) == 0) continue
        const h = s[a],
          c = this.tokens[a]
        if (i && !h.fallback) continue
        if (h.contextual || c.start != e.pos || c.mask != r || c.context != o)
          this.updateCachedToken(c, h, e), (c.mask = r), (c.context = o)
        if (c.lookAhead > c.end + 25) l = Math.max(c.lookAhead, l)
        if (c.value != 0) {
          const f = t
          if (c.extended > -1) t = this.addActions(e, c.extended, c.end, t)
          if (((t = this.addActions(e, c.value, c.end, t)), !h.extend)) {
            if (((i = c), t > f)) break
          }
        }
      }
      while (this.actions.length > t) this.actions.pop()
      if (l) e.setLookAhead(l)
      if (!i && e.pos == this.stream.end)
        (i = new Ei()),
          (i.value = e.p.parser.eofTerm),
          (i.start = i.end = e.pos),
          (t = this.addActions(e, i.value, i.end, t))
      return ((this.mainToken = i), this.actions)
    }
    getMainToken(e) {
      if (this.mainToken) return this.mainToken
      const t = new Ei(),
        { pos: i, p: n } = e
      return (
        (t.start = i), (t.end = Math.min(i + 1, n.stream.end)), (t.value = i == n.stream.end ? n.parser.eofTerm : 0), t
      )
    }
    updateCachedToken(e, t, i) {
      const n = this.stream.clipPos(i.pos)
      if ((t.token(this.stream.reset(n, e), i), e.value > -1)) {
        const { parser: s } = i.p
        for (let r = 0; r < s.specialized.length; r++)
          if (s.specialized[r] == e.value) {
            const o = s.specializers[r](this.stream.read(e.start, e.end), i)
            if (o >= 0 && i.p.parser.dialect.allows(o >> 1)) {
              if ((o & 1) == 0) e.value = o >> 1
              else e.extended = o >> 1
              break
            }
          }
      } else (e.value = 0), (e.end = this.stream.clipPos(n + 1))
    }
    putAction(e, t, i, n) {
      for (let s = 0; s < n; s += 3) if (this.actions[s] == e) return n
      return ((this.actions[n++] = e), (this.actions[n++] = t), (this.actions[n++] = i), n)
    }
    addActions(e, t, i, n) {
      const { state: s } = e,
        { parser: r } = e.p,
        { data: o } = r
      for (let l = 0; l < 2; l++)
        for (let a = r.stateSlot(s, l ? 2 : 1); ; a += 3) {
          if (o[a] == 65535)
            if (o[a + 1] == 1) a = mt(o, a + 2)
            else {
              if (n == 0 && o[a + 1] == 2) n = this.putAction(mt(o, a + 2), t, i, n)
              break
            }
          if (o[a] == t) n = this.putAction(mt(o, a + 1), t, i, n)
        }
      return n
    }
  }
  class ra {
    constructor(e, t, i, n) {
      ;(this.parser = e),
        (this.input = t),
        (this.ranges = n),
        (this.recovering = 0),
        (this.nextStackID = 9812),
        (this.minStackPos = 0),
        (this.reused = []),
        (this.stoppedAt = null),
        (this.lastBigReductionStart = -1),
        (this.lastBigReductionSize = 0),
        (this.bigReductionCount = 0),
        (this.stream = new ta(t, n)),
        (this.tokens = new sa(e, this.stream)),
        (this.topTerm = e.top[1])
      const { from: s } = n[0]
      ;(this.stacks = [Tn.start(this, e.top[0], s)]),
        (this.fragments = i.length && this.stream.end - s > e.bufferLength * 4 ? new na(i, e.minRepeatTerm) : null)
    }
    get parsedPos() {
      return this.minStackPos
    }
    advance() {
      let e = this.stacks,
        t = this.minStackPos,
        i = (this.stacks = []),
        n,
        s
      if (this.bigReductionCount > 300 && e.length == 1) {
        const [r] = e
        while (r.forceReduce() && r.stack.length && r.stack[r.stack.length - 2] >= this.lastBigReductionStart);
        this.bigReductionCount = this.lastBigReductionSize = 0
      }
      for (let r = 0; r < e.length; r++) {
        const o = e[r]
        for (;;) {
          if (((this.tokens.mainToken = null), o.pos > t)) i.push(o)
          else if (this.advanceStack(o, i, e)) continue
          else {
            if (!n) (n = []), (s = [])
            n.push(o)
            const l = this.tokens.getMainToken(o)
            s.push(l.value, l.end)
          }
          break
        }
      }
      if (!i.length) {
        const r = n && lp(n)
        if (r) {
          if (Me) console.log('Finish with ' + this.stackID(r))
          return this.stackToTree(r)
        }
        if (this.parser.strict) {
          if (Me && n)
            console.log(
              'Stuck with token ' + (this.tokens.mainToken ? this.parser.getName(this.tokens.mainToken.value) : 'none'),
            )
          throw SyntaxError('No parse at ' + t)
        }
        if (!this.recovering) this.recovering = 5
      }
      if (this.recovering && n) {
        const r = this.stoppedAt != null && n[0].pos > this.stoppedAt ? n[0] : this.runRecovery(n, s, i)
        if (r) {
          if (Me) console.log('Force-finish ' + this.stackID(r))
          return this.stackToTree(r.forceAll())
        }
      }
      if (this.recovering) {
        const r = this.recovering == 1 ? 1 : this.recovering * 3
        if (i.length > r) {
          i.sort((o, l) => l.score - o.score)
          while (i.length > r) i.pop()
        }
        if (i.some((o) => o.reducePos > t)) this.recovering--
      } else if (i.length > 1) {
        e: for (let r = 0; r < i.length - 1; r++) {
          const o = i[r]
          for (let l = r + 1; l < i.length; l++) {
            const a = i[l]
            if (o.sameState(a) || (o.buffer.length > 500 && a.buffer.length > 500))
              if ((o.score - a.score || o.buffer.length - a.buffer.length) > 0) i.splice(l--, 1)
              else {
                i.splice(r--, 1)
                continue e
              }
          }
        }
        if (i.length > 12) i.sort((r, o) => o.score - r.score), i.splice(12, i.length - 12)
      }
      this.minStackPos = i[0].pos
      for (let r = 1; r < i.length; r++) if (i[r].pos < this.minStackPos) this.minStackPos = i[r].pos
      return null
    }
    stopAt(e) {
      if (this.stoppedAt != null && this.stoppedAt < e) throw RangeError("Can't move stoppedAt forward")
      this.stoppedAt = e
    }
    tryReuse(e, t, i, n) {
      if (!i) return null
      const s = e.curContext && e.curContext.tracker.strict,
        r = s ? e.curContext.hash : 0
      for (; i; ) {
        const o = this.parser.nodeSet.types[i.type.id] != i.type ? -1 : this.parser.getGoto(e.state, i.type.id)
        if (o > -1 && i.length && (!s || (i.prop(T.contextHash) || 0) == r)) return (e.useNode(i, o, t), i)
        if (i.children.length == 0 || i.positions[0] > 0) break
        const l = i.children[0]
        if (l instanceof ie && (!n || l.type.id >= this.parser.minRepeatTerm)) i = l
        else break
      }
      return null
    }
    advanceStack(e, t, i) {
      const n = e.pos,
        { parser: s } = this,
        r = Me ? this.stackID(e) + ' -> ' : ''
      if (this.stoppedAt != null && n > this.stoppedAt) return e.forceReduce() ? e : null
      if (this.fragments) {
        const a =
          (e.reducePos < n &&
            e.buffer.length &&
            e.buffer[e.buffer.length - 2] <= e.reducePos &&
            this.fragments.lastRepeatPos == e.reducePos &&
            this.tryReuse(e, e.reducePos, this.fragments.lastRepeat, !0)) ||
          this.tryReuse(e, n, this.fragments.nodeAt(n), !1)
        if (a) {
          if (Me) console.log(r + this.stackID(e) + ` (via reuse of ${s.getName(a.type.id)})`)
          return !0
        }
      }
      const o = s.stateSlot(e.state, 4)
      if (o > 0) {
        if ((e.reduce(o), Me)) console.log(r + this.stackID(e) + ` (via always-reduce ${s.getName(o & 65535)})`)
        return !0
      }
      if (e.stack.length >= 8400) while (e.stack.length > 6000 && e.forceReduce());
      const l = this.tokens.getActions(e)
      for (let a = 0; a < l.length; ) {
        const h = l[a++],
          c = l[a++],
          f = l[a++],
          u = a == l.length || !i,
          d = u ? e : e.split(),
          p = this.tokens.mainToken
        if ((d.apply(h, c, p ? p.start : d.pos, f), Me))
          console.log(
            r +
              this.stackID(d) +
              ` (via ${(h & 65536) == 0 ? 'shift' : `reduce of ${s.getName(h & 65535)}`} for ${s.getName(c)} @ ${n}${d == e ? '' : ', split'})`,
          )
        if (u) return !0
        else if (d.pos > n) t.push(d)
        else i.push(d)
      }
      return !1
    }
    advanceFully(e, t) {
      const i = e.pos
      for (;;) {
        if (!this.advanceStack(e, null, null)) return !1
        if (e.pos > i) return (Kl(e, t), !0)
      }
    }
    runRecovery(e, t, i) {
      let n = null,
        s = !1
      for (let r = 0; r < e.length; r++) {
        let o = e[r],
          l = t[r << 1],
          a = t[(r << 1) + 1],
          h = Me ? this.stackID(o) + ' -> ' : ''
        if (o.deadEnd) {
          if (s) continue
          if (((s = !0), o.restart(), Me)) console.log(h + this.stackID(o) + ' (restarted)')
          if (this.advanceFully(o, i)) continue
        }
        let c = o.split(),
          f = h
        for (let u = 0; u < 10 && c.forceReduce(); u++) {
          if (Me) console.log(f + this.stackID(c) + ' (via force-reduce)')
          if (this.advanceFully(c, i)) break
          if (Me) f = this.stackID(c) + ' -> '
        }
        for (const u of o.recoverByInsert(l)) {
          if (Me) console.log(h + this.stackID(u) + ' (via recover-insert)')
          this.advanceFully(u, i)
        }
        if (this.stream.end > o.pos) {
          if (a == o.pos) a++, (l = 0)
          if ((o.recoverByDelete(l, a), Me))
            console.log(h + this.stackID(o) + ` (via recover-delete ${this.parser.getName(l)})`)
          Kl(o, i)
        } else if (!n || n.score < c.score) n = c
      }
      return n
    }
    stackToTree(e) {
      return (
        e.close(),
        ie.build({
          buffer: _n.create(e),
          nodeSet: this.parser.nodeSet,
          topID: this.topTerm,
          maxBufferLength: this.parser.bufferLength,
          reused: this.reused,
          start: this.ranges[0].from,
          length: e.pos - this.ranges[0].from,
          minRepeatType: this.parser.minRepeatTerm,
        })
      )
    }
    stackID(e) {
      let t = (ur || (ur = new WeakMap())).get(e)
      if (!t) ur.set(e, (t = String.fromCodePoint(this.nextStackID++)))
      return t + e
    }
  }
  function Kl(e, t) {
    for (let i = 0; i < t.length; i++) {
      const n = t[i]
      if (n.pos == e.pos && n.sameState(e)) {
        if (t[i].score < e.score) t[i] = e
        return
      }
    }
    t.push(e)
  }
  class oa {
    constructor(e, t, i) {
      ;(this.source = e), (this.flags = t), (this.disabled = i)
    }
    allows(e) {
      return !this.disabled || this.disabled[e] == 0
    }
  }
  var dr = (e) => e
  class Or {
    constructor(e) {
      ;(this.start = e.start),
        (this.shift = e.shift || dr),
        (this.reduce = e.reduce || dr),
        (this.reuse = e.reuse || dr),
        (this.hash = e.hash || (() => 0)),
        (this.strict = e.strict !== !1)
    }
  }
  class Wi extends Di {
    constructor(e) {
      super()
      if (((this.wrappers = []), e.version != 14))
        throw RangeError(`Parser version (${e.version}) doesn't match runtime version (14)`)
      const t = e.nodeNames.split(' ')
      this.minRepeatTerm = t.length
      for (let o = 0; o < e.repeatNodeCount; o++) t.push('')
      const i = Object.keys(e.topRules).map((o) => e.topRules[o][1]),
        n = []
      for (let o = 0; o < t.length; o++) n.push([])
      function s(o, l, a) {
        n[o].push([l, l.deserialize(String(a))])
      }
      if (e.nodeProps)
        for (const o of e.nodeProps) {
          let l = o[0]
          if (typeof l == 'string') l = T[l]
          for (let a = 1; a < o.length; ) {
            const h = o[a++]
            if (h >= 0) s(h, l, o[a++])
            else {
              const c = o[a + -h]
              for (let f = -h; f > 0; f--) s(o[a++], l, c)
              a++
            }
          }
        }
      if (
        ((this.nodeSet = new Li(
          t.map((o, l) =>
            ge.define({
              name: l >= this.minRepeatTerm ? void 0 : o,
              id: l,
              props: n[l],
              top: i.indexOf(l) > -1,
              error: l == 0,
              skipped: e.skippedNodes && e.skippedNodes.indexOf(l) > -1,
            }),
          ),
        )),
        e.propSources)
      )
        this.nodeSet = this.nodeSet.extend(...e.propSources)
      ;(this.strict = !1), (this.bufferLength = Bl)
      const r = ji(e.tokenData)
      ;(this.context = e.context),
        (this.specializerSpecs = e.specialized || []),
        (this.specialized = new Uint16Array(this.specializerSpecs.length))
      for (let o = 0; o < this.specializerSpecs.length; o++) this.specialized[o] = this.specializerSpecs[o].term
      ;(this.specializers = this.specializerSpecs.map(Jl)),
        (this.states = ji(e.states, Uint32Array)),
        (this.data = ji(e.stateData)),
        (this.goto = ji(e.goto)),
        (this.maxTerm = e.maxTerm),
        (this.tokenizers = e.tokenizers.map((o) => (typeof o == 'number' ? new Tt(r, o) : o))),
        (this.topRules = e.topRules),
        (this.dialects = e.dialects || {}),
        (this.dynamicPrecedences = e.dynamicPrecedences || null),
        (this.tokenPrecTable = e.tokenPrec),
        (this.termNames = e.termNames || null),
        (this.maxNode = this.nodeSet.types.length - 1),
        (this.dialect = this.parseDialect()),
        (this.top = this.topRules[Object.keys(this.topRules)[0]])
    }
    createParse(e, t, i) {
      let n = new ra(this, e, t, i)
      for (const s of this.wrappers) n = s(n, e, t, i)
      return n
    }
    getGoto(e, t, i = !1) {
      const n = this.goto
      if (t >= n[0]) return -1
      for (let s = n[t + 1]; ; ) {
        const r = n[s++],
          o = r & 1,
          l = n[s++]
        if (o && i) return l
        for (let a = s + (r >> 1); s < a; s++) if (n[s] == e) return l
        if (o) return -1
      }
    }
    hasAction(e, t) {
      const i = this.data
      for (let n = 0; n < 2; n++)
        for (let s = this.stateSlot(e, n ? 2 : 1), r; ; s += 3) {
          if ((r = i[s]) == 65535)
            if (i[s + 1] == 1) r = i[(s = mt(i, s + 2))]
            else if (i[s + 1] == 2) return mt(i, s + 2)
            else break
          if (r == t || r == 0) return mt(i, s + 1)
        }
      return 0
    }
    stateSlot(e, t) {
      return this.states[e * 6 + t]
    }
    stateFlag(e, t) {
      return (this.stateSlot(e, 0) & t) > 0
    }
    validAction(e, t) {
      return !!this.allActions(e, (i) => (i == t ? !0 : null))
    }
    allActions(e, t) {
      let i = this.stateSlot(e, 4),
        n = i ? t(i) : void 0
      for (let s = this.stateSlot(e, 1); n == null; s += 3) {
        if (this.data[s] == 65535)
          if (this.data[s + 1] == 1) s = mt(this.data, s + 2)
          else break
        n = t(mt(this.data, s + 1))
      }
      return n
    }
    nextStates(e) {
      const t = []
      for (let i = this.stateSlot(e, 1); ; i += 3) {
        if (this.data[i] == 65535)
          if (this.data[i + 1] == 1) i = mt(this.data, i + 2)
          else break
        if ((this.data[i + 2] & 1) == 0) {
          const n = this.data[i + 1]
          if (!t.some((s, r) => r & 1 && s == n)) t.push(this.data[i], n)
        }
      }
      return t
    }
    configure(e) {
      const t = Object.assign(Object.create(Wi.prototype), this)
      if (e.props) t.nodeSet = this.nodeSet.extend(...e.props)
      if (e.top) {
        const i = this.topRules[e.top]
        if (!i) throw RangeError(`Invalid top rule name ${e.top}`)
        t.top = i
      }
      if (e.tokenizers)
        t.tokenizers = this.tokenizers.map((i) => {
          const n = e.tokenizers.find((s) => s.from == i)
          return n ? n.to : i
        })
      if (e.specializers)
        (t.specializers = this.specializers.slice()),
          (t.specializerSpecs = this.specializerSpecs.map((i, n) => {
            const s = e.specializers.find((o) => o.from == i.external)
            if (!s) return i
            const r = Object.assign(Object.assign({}, i), { external: s.to })
            return ((t.specializers[n] = Jl(r)), r)
          }))
      if (e.contextTracker) t.context = e.contextTracker
      if (e.dialect) t.dialect = this.parseDialect(e.dialect)
      if (e.strict != null) t.strict = e.strict
      if (e.wrap) t.wrappers = t.wrappers.concat(e.wrap)
      if (e.bufferLength != null) t.bufferLength = e.bufferLength
      return t
    }
    hasWrappers() {
      return this.wrappers.length > 0
    }
    getName(e) {
      return this.termNames ? this.termNames[e] : String((e <= this.maxNode && this.nodeSet.types[e].name) || e)
    }
    get eofTerm() {
      return this.maxNode + 1
    }
    get topNode() {
      return this.nodeSet.types[this.top[1]]
    }
    dynamicPrecedence(e) {
      const t = this.dynamicPrecedences
      return t == null ? 0 : t[e] || 0
    }
    parseDialect(e) {
      const t = Object.keys(this.dialects),
        i = t.map(() => !1)
      if (e)
        for (const s of e.split(' ')) {
          const r = t.indexOf(s)
          if (r >= 0) i[r] = !0
        }
      let n = null
      for (let s = 0; s < t.length; s++)
        if (!i[s])
          for (let r = this.dialects[t[s]], o; (o = this.data[r++]) != 65535; )
            (n || (n = new Uint8Array(this.maxTerm + 1)))[o] = 1
      return new oa(e, i, n)
    }
    static deserialize(e) {
      return new Wi(e)
    }
  }
  function mt(e, t) {
    return e[t] | (e[t + 1] << 16)
  }
  function lp(e) {
    let t = null
    for (const i of e) {
      const n = i.p.stoppedAt
      if (
        (i.pos == i.p.stream.end || (n != null && i.pos > n)) &&
        i.p.parser.stateFlag(i.state, 2) &&
        (!t || t.score < i.score)
      )
        t = i
    }
    return t
  }
  function Jl(e) {
    if (e.external) {
      const t = e.extend ? 1 : 0
      return (i, n) => (e.external(i, n) << 1) | t
    }
    return e.get
  }
  var ap = 0
  class We {
    constructor(e, t, i, n) {
      ;(this.name = e), (this.set = t), (this.base = i), (this.modified = n), (this.id = ap++)
    }
    toString() {
      let { name: e } = this
      for (const t of this.modified) if (t.name) e = `${t.name}(${e})`
      return e
    }
    static define(e, t) {
      const i = typeof e == 'string' ? e : '?'
      if (e instanceof We) t = e
      if (t === null || t === void 0 ? void 0 : t.base) throw Error('Can not derive from a modified tag')
      const n = new We(i, [], null, [])
      if ((n.set.push(n), t)) for (const s of t.set) n.set.push(s)
      return n
    }
    static defineModifier(e) {
      const t = new En(e)
      return (i) => {
        if (i.modified.indexOf(t) > -1) return i
        return En.get(
          i.base || i,
          i.modified.concat(t).sort((n, s) => n.id - s.id),
        )
      }
    }
  }
  var hp = 0
  class En {
    constructor(e) {
      ;(this.name = e), (this.instances = []), (this.id = hp++)
    }
    static get(e, t) {
      if (!t.length) return e
      const i = t[0].instances.find((o) => o.base == e && cp(t, o.modified))
      if (i) return i
      const n = [],
        s = new We(e.name, n, e, t)
      for (const o of t) o.instances.push(s)
      const r = fp(t)
      for (const o of e.set) if (!o.modified.length) for (const l of r) n.push(En.get(o, l))
      return s
    }
  }
  function cp(e, t) {
    return e.length == t.length && e.every((i, n) => i == t[n])
  }
  function fp(e) {
    const t = [[]]
    for (let i = 0; i < e.length; i++) for (let n = 0, s = t.length; n < s; n++) t.push(t[n].concat(e[i]))
    return t.sort((i, n) => n.length - i.length)
  }
  function Wn(e) {
    const t = Object.create(null)
    for (const i in e) {
      let n = e[i]
      if (!Array.isArray(n)) n = [n]
      for (const s of i.split(' '))
        if (s) {
          let r = [],
            o = 2,
            l = s
          for (let f = 0; ; ) {
            if (l == '...' && f > 0 && f + 3 == s.length) {
              o = 1
              break
            }
            const u = /^"(?:[^"\\]|\\.)*?"|[^/!]+/.exec(l)
            if (!u) throw RangeError('Invalid path: ' + s)
            if (
              (r.push(u[0] == '*' ? '' : u[0][0] == '"' ? JSON.parse(u[0]) : u[0]), (f += u[0].length), f == s.length)
            )
              break
            const d = s[f++]
            if (f == s.length && d == '!') {
              o = 0
              break
            }
            if (d != '/') throw RangeError('Invalid path: ' + s)
            l = s.slice(f)
          }
          const a = r.length - 1,
            h = r[a]
          if (!h) throw RangeError('Invalid path: ' + s)
          const c = new Jt(n, o, a > 0 ? r.slice(0, a) : null)
          t[h] = c.sort(t[h])
        }
    }
    return ha.add(t)
  }
  var ha = new T({
    combine(e, t) {
      let i, n, s
      while (e || t) {
        if (!e || (t && e.depth <= t.depth)) (s = t), (t = t.next)
        else (s = e), (e = e.next)
        if (i && i.mode == s.mode && !s.context && !i.context) continue
        const r = new Jt(s.tags, s.mode, s.context)
        if (i) i.next = r
        else n = r
        i = r
      }
      return n
    },
  })
  class Jt {
    constructor(e, t, i, n) {
      ;(this.tags = e), (this.mode = t), (this.context = i), (this.next = n)
    }
    get opaque() {
      return this.mode == 0
    }
    get inherit() {
      return this.mode == 1
    }
    sort(e) {
      if (!e || e.depth < this.depth) return ((this.next = e), this)
      return ((e.next = this.sort(e.next)), e)
    }
    get depth() {
      return this.context ? this.context.length : 0
    }
  }
  Jt.empty = new Jt([], 2, null)
  function br(e, t) {
    const i = Object.create(null)
    for (const r of e)
      if (!Array.isArray(r.tag)) i[r.tag.id] = r.class
      else for (const o of r.tag) i[o.id] = r.class
    const { scope: n, all: s = null } = t || {}
    return {
      style: (r) => {
        let o = s
        for (const l of r)
          for (const a of l.set) {
            const h = i[a.id]
            if (h) {
              o = o ? o + ' ' + h : h
              break
            }
          }
        return o
      },
      scope: n,
    }
  }
  function up(e, t) {
    let i = null
    for (const n of e) {
      const s = n.style(t)
      if (s) i = i ? i + ' ' + s : s
    }
    return i
  }
  function ca(e, t, i, n = 0, s = e.length) {
    const r = new fa(n, Array.isArray(t) ? t : [t], i)
    r.highlightRange(e.cursor(), n, s, '', r.highlighters), r.flush(s)
  }
  class fa {
    constructor(e, t, i) {
      ;(this.at = e), (this.highlighters = t), (this.span = i), (this.class = '')
    }
    startSpan(e, t) {
      if (t != this.class) {
        if ((this.flush(e), e > this.at)) this.at = e
        this.class = t
      }
    }
    flush(e) {
      if (e > this.at && this.class) this.span(this.at, e, this.class)
    }
    highlightRange(e, t, i, n, s) {
      const { type: r, from: o, to: l } = e
      if (o >= i || l <= t) return
      if (r.isTop) s = this.highlighters.filter((u) => !u.scope || u.scope(r))
      let a = n,
        h = dp(e) || Jt.empty,
        c = up(s, h.tags)
      if (c) {
        if (a) a += ' '
        if (((a += c), h.mode == 1)) n += (n ? ' ' : '') + c
      }
      if ((this.startSpan(Math.max(t, o), a), h.opaque)) return
      const f = e.tree && e.tree.prop(T.mounted)
      if (f && f.overlay) {
        const u = e.node.enter(f.overlay[0].from + o, 1),
          d = this.highlighters.filter((O) => !O.scope || O.scope(f.tree.type)),
          p = e.firstChild()
        for (let O = 0, m = o; ; O++) {
          const y = O < f.overlay.length ? f.overlay[O] : null,
            x = y ? y.from + o : l,
            Q = Math.max(t, m),
            P = Math.min(i, x)
          if (Q < P && p) {
            while (e.from < P)
              if (
                (this.highlightRange(e, Q, P, n, s),
                this.startSpan(Math.min(P, e.to), a),
                e.to >= x || !e.nextSibling())
              )
                break
          }
          if (!y || x > i) break
          if (((m = y.to + o), m > t))
            this.highlightRange(u.cursor(), Math.max(t, y.from + o), Math.min(i, m), '', d),
              this.startSpan(Math.min(i, m), a)
        }
        if (p) e.parent()
      } else if (e.firstChild()) {
        if (f) n = ''
        do {
          if (e.to <= t) continue
          if (e.from >= i) break
          this.highlightRange(e, t, i, n, s), this.startSpan(Math.min(i, e.to), a)
        } while (e.nextSibling())
        e.parent()
      }
    }
  }
  function dp(e) {
    let t = e.type.prop(ha)
    while (t && t.context && !e.matchContext(t.context)) t = t.next
    return t || null
  }
  var v = We.define,
    Ln = v(),
    kt = v(),
    la = v(kt),
    aa = v(kt),
    vt = v(),
    Dn = v(vt),
    mr = v(vt),
    ct = v(),
    Lt = v(ct),
    at = v(),
    ht = v(),
    gr = v(),
    zi = v(gr),
    jn = v(),
    g = {
      comment: Ln,
      lineComment: v(Ln),
      blockComment: v(Ln),
      docComment: v(Ln),
      name: kt,
      variableName: v(kt),
      typeName: la,
      tagName: v(la),
      propertyName: aa,
      attributeName: v(aa),
      className: v(kt),
      labelName: v(kt),
      namespace: v(kt),
      macroName: v(kt),
      literal: vt,
      string: Dn,
      docString: v(Dn),
      character: v(Dn),
      attributeValue: v(Dn),
      number: mr,
      integer: v(mr),
      float: v(mr),
      bool: v(vt),
      regexp: v(vt),
      escape: v(vt),
      color: v(vt),
      url: v(vt),
      keyword: at,
      self: v(at),
      null: v(at),
      atom: v(at),
      unit: v(at),
      modifier: v(at),
      operatorKeyword: v(at),
      controlKeyword: v(at),
      definitionKeyword: v(at),
      moduleKeyword: v(at),
      operator: ht,
      derefOperator: v(ht),
      arithmeticOperator: v(ht),
      logicOperator: v(ht),
      bitwiseOperator: v(ht),
      compareOperator: v(ht),
      updateOperator: v(ht),
      definitionOperator: v(ht),
      typeOperator: v(ht),
      controlOperator: v(ht),
      punctuation: gr,
      separator: v(gr),
      bracket: zi,
      angleBracket: v(zi),
      squareBracket: v(zi),
      paren: v(zi),
      brace: v(zi),
      content: ct,
      heading: Lt,
      heading1: v(Lt),
      heading2: v(Lt),
      heading3: v(Lt),
      heading4: v(Lt),
      heading5: v(Lt),
      heading6: v(Lt),
      contentSeparator: v(ct),
      list: v(ct),
      quote: v(ct),
      emphasis: v(ct),
      strong: v(ct),
      link: v(ct),
      monospace: v(ct),
      strikethrough: v(ct),
      inserted: v(),
      deleted: v(),
      changed: v(),
      invalid: v(),
      meta: jn,
      documentMeta: v(jn),
      annotation: v(jn),
      processingInstruction: v(jn),
      definition: We.defineModifier('definition'),
      constant: We.defineModifier('constant'),
      function: We.defineModifier('function'),
      standard: We.defineModifier('standard'),
      local: We.defineModifier('local'),
      special: We.defineModifier('special'),
    }
  for (const e in g) {
    const t = g[e]
    if (t instanceof We) t.name = e
  }
  var E1 = br([
    { tag: g.link, class: 'tok-link' },
    { tag: g.heading, class: 'tok-heading' },
    { tag: g.emphasis, class: 'tok-emphasis' },
    { tag: g.strong, class: 'tok-strong' },
    { tag: g.keyword, class: 'tok-keyword' },
    { tag: g.atom, class: 'tok-atom' },
    { tag: g.bool, class: 'tok-bool' },
    { tag: g.url, class: 'tok-url' },
    { tag: g.labelName, class: 'tok-labelName' },
    { tag: g.inserted, class: 'tok-inserted' },
    { tag: g.deleted, class: 'tok-deleted' },
    { tag: g.literal, class: 'tok-literal' },
    { tag: g.string, class: 'tok-string' },
    { tag: g.number, class: 'tok-number' },
    { tag: [g.regexp, g.escape, g.special(g.string)], class: 'tok-string2' },
    { tag: g.variableName, class: 'tok-variableName' },
    { tag: g.local(g.variableName), class: 'tok-variableName tok-local' },
    { tag: g.definition(g.variableName), class: 'tok-variableName tok-definition' },
    { tag: g.special(g.variableName), class: 'tok-variableName2' },
    { tag: g.definition(g.propertyName), class: 'tok-propertyName tok-definition' },
    { tag: g.typeName, class: 'tok-typeName' },
    { tag: g.namespace, class: 'tok-namespace' },
    { tag: g.className, class: 'tok-className' },
    { tag: g.macroName, class: 'tok-macroName' },
    { tag: g.propertyName, class: 'tok-propertyName' },
    { tag: g.operator, class: 'tok-operator' },
    { tag: g.comment, class: 'tok-comment' },
    { tag: g.meta, class: 'tok-meta' },
    { tag: g.invalid, class: 'tok-invalid' },
    { tag: g.punctuation, class: 'tok-punctuation' },
  ])
  var pp = 317,
    Op = 318,
    ua = 1,
    mp = 2,
    gp = 3,
    bp = 4,
    yp = 319,
    xp = 321,
    Sp = 322,
    Qp = 5,
    wp = 6,
    kp = 0,
    xr = [
      9, 10, 11, 12, 13, 32, 133, 160, 5760, 8192, 8193, 8194, 8195, 8196, 8197, 8198, 8199, 8200, 8201, 8202, 8232,
      8233, 8239, 8287, 12288,
    ],
    da = 125,
    vp = 59,
    Sr = 47,
    $p = 42,
    Pp = 43,
    Cp = 45,
    Zp = 60,
    Ap = 44,
    Xp = 63,
    Mp = 46,
    Rp = 91,
    Tp = new Or({
      start: !1,
      shift(e, t) {
        return t == Qp || t == wp || t == xp ? e : t == Sp
      },
      strict: !1,
    }),
    _p = new _t(
      (e, t) => {
        const { next: i } = e
        if (i == da || i == -1 || t.context) e.acceptToken(yp)
      },
      { contextual: !0, fallback: !0 },
    ),
    Lp = new _t(
      (e, t) => {
        let { next: i } = e,
          n
        if (xr.indexOf(i) > -1) return
        if (i == Sr && ((n = e.peek(1)) == Sr || n == $p)) return
        if (i != da && i != vp && i != -1 && !t.context) e.acceptToken(pp)
      },
      { contextual: !0 },
    ),
    Dp = new _t(
      (e, t) => {
        if (e.next == Rp && !t.context) e.acceptToken(Op)
      },
      { contextual: !0 },
    ),
    jp = new _t(
      (e, t) => {
        const { next: i } = e
        if (i == Pp || i == Cp) {
          if ((e.advance(), i == e.next)) {
            e.advance()
            const n = !t.context && t.canShift(ua)
            e.acceptToken(n ? ua : mp)
          }
        } else if (i == Xp && e.peek(1) == Mp) {
          if ((e.advance(), e.advance(), e.next < 48 || e.next > 57)) e.acceptToken(gp)
        }
      },
      { contextual: !0 },
    )
  function yr(e, t) {
    return (e >= 65 && e <= 90) || (e >= 97 && e <= 122) || e == 95 || e >= 192 || (!t && e >= 48 && e <= 57)
  }
  var Ep = new _t((e, t) => {
      if (e.next != Zp || !t.dialectEnabled(kp)) return
      if ((e.advance(), e.next == Sr)) return
      let i = 0
      while (xr.indexOf(e.next) > -1) e.advance(), i++
      if (yr(e.next, !0)) {
        e.advance(), i++
        while (yr(e.next, !1)) e.advance(), i++
        while (xr.indexOf(e.next) > -1) e.advance(), i++
        if (e.next == Ap) return
        for (let n = 0; ; n++) {
          if (n == 7) {
            if (!yr(e.next, !0)) return
            break
          }
          if (e.next != 'extends'.charCodeAt(n)) break
          e.advance(), i++
        }
      }
      e.acceptToken(bp, -i)
    }),
    Wp = Wn({
      'get set async static': g.modifier,
      'for while do if else switch try catch finally return throw break continue default case defer': g.controlKeyword,
      'in of await yield void typeof delete instanceof as satisfies': g.operatorKeyword,
      'let var const using function class extends': g.definitionKeyword,
      'import export from': g.moduleKeyword,
      'with debugger new': g.keyword,
      TemplateString: g.special(g.string),
      super: g.atom,
      BooleanLiteral: g.bool,
      this: g.self,
      null: g.null,
      Star: g.modifier,
      VariableName: g.variableName,
      'CallExpression/VariableName TaggedTemplateExpression/VariableName': g.function(g.variableName),
      VariableDefinition: g.definition(g.variableName),
      Label: g.labelName,
      PropertyName: g.propertyName,
      PrivatePropertyName: g.special(g.propertyName),
      'CallExpression/MemberExpression/PropertyName': g.function(g.propertyName),
      'FunctionDeclaration/VariableDefinition': g.function(g.definition(g.variableName)),
      'ClassDeclaration/VariableDefinition': g.definition(g.className),
      'NewExpression/VariableName': g.className,
      PropertyDefinition: g.definition(g.propertyName),
      PrivatePropertyDefinition: g.definition(g.special(g.propertyName)),
      UpdateOp: g.updateOperator,
      'LineComment Hashbang': g.lineComment,
      BlockComment: g.blockComment,
      Number: g.number,
      String: g.string,
      Escape: g.escape,
      ArithOp: g.arithmeticOperator,
      LogicOp: g.logicOperator,
      BitOp: g.bitwiseOperator,
      CompareOp: g.compareOperator,
      RegExp: g.regexp,
      Equals: g.definitionOperator,
      Arrow: g.function(g.punctuation),
      ': Spread': g.punctuation,
      '( )': g.paren,
      '[ ]': g.squareBracket,
      '{ }': g.brace,
      'InterpolationStart InterpolationEnd': g.special(g.brace),
      '.': g.derefOperator,
      ', ;': g.separator,
      '@': g.meta,
      TypeName: g.typeName,
      TypeDefinition: g.definition(g.typeName),
      'type enum interface implements namespace module declare': g.definitionKeyword,
      'abstract global Privacy readonly override': g.modifier,
      'is keyof unique infer asserts': g.operatorKeyword,
      JSXAttributeValue: g.attributeValue,
      JSXText: g.content,
      'JSXStartTag JSXStartCloseTag JSXSelfCloseEndTag JSXEndTag': g.angleBracket,
      'JSXIdentifier JSXNameSpacedName': g.tagName,
      'JSXAttribute/JSXIdentifier JSXAttribute/JSXNameSpacedName': g.attributeName,
      'JSXBuiltin/JSXIdentifier': g.standard(g.tagName),
    }),
    Yp = {
      __proto__: null,
      export: 20,
      as: 25,
      from: 33,
      default: 36,
      async: 41,
      function: 42,
      in: 52,
      out: 55,
      const: 56,
      extends: 60,
      this: 64,
      true: 72,
      false: 72,
      null: 84,
      void: 88,
      typeof: 92,
      super: 108,
      new: 142,
      delete: 154,
      yield: 163,
      await: 167,
      class: 172,
      public: 237,
      private: 237,
      protected: 237,
      readonly: 239,
      instanceof: 258,
      satisfies: 261,
      import: 294,
      keyof: 351,
      unique: 355,
      infer: 361,
      asserts: 397,
      is: 399,
      abstract: 419,
      implements: 421,
      type: 423,
      let: 426,
      var: 428,
      using: 431,
      interface: 437,
      enum: 441,
      namespace: 447,
      module: 449,
      declare: 453,
      global: 457,
      defer: 473,
      for: 478,
      of: 487,
      while: 490,
      with: 494,
      do: 498,
      if: 502,
      else: 504,
      switch: 508,
      case: 514,
      try: 520,
      catch: 524,
      finally: 528,
      return: 532,
      throw: 536,
      break: 540,
      continue: 544,
      debugger: 548,
    },
    zp = {
      __proto__: null,
      async: 129,
      get: 131,
      set: 133,
      declare: 195,
      public: 197,
      private: 197,
      protected: 197,
      static: 199,
      abstract: 201,
      override: 203,
      readonly: 209,
      accessor: 211,
      new: 403,
    },
    Bp = { __proto__: null, '<': 193 },
    pa = Wi.deserialize({
      version: 14,
      states:
        "$GSQ%TQlOOO%[QlOOO'_QpOOP(lO`OOO*zQ!0MxO'#CiO+RO#tO'#CjO+aO&jO'#CjO+oO#@ItO'#DaO.QQlO'#DgO.bQlO'#DrO%[QlO'#DzO0fQlO'#ESOOQ!0Lf'#E['#E[O1PQ`O'#EXOOQO'#Ep'#EpOOQO'#Im'#ImO1XQ`O'#GtO1dQ`O'#EoO1iQ`O'#EoO3hQ!0MxO'#JsO6[Q!0MxO'#JtO6uQ`O'#F^O6zQ,UO'#FuOOQ!0Lf'#Fg'#FgO7VO7dO'#FgO9XQMhO'#F}O9`Q`O'#F|OOQ!0Lf'#Jt'#JtOOQ!0Lb'#Js'#JsO9eQ`O'#GxOOQ['#K`'#K`O9pQ`O'#IZO9uQ!0LrO'#I[OOQ['#Ja'#JaOOQ['#I`'#I`Q`QlOOQ`QlOOO9}Q!L^O'#DvO:UQlO'#EOO:]QlO'#EQO9kQ`O'#GtO:dQMhO'#CoO:rQ`O'#EnO:}Q`O'#EzO;hQMhO'#FfO;xQ`O'#GtOOQO'#Ka'#KaO;}Q`O'#KaO<]Q`O'#G|O<]Q`O'#G}O<]Q`O'#HPO9kQ`O'#HSO=SQ`O'#HVO>kQ`O'#CeO>{Q`O'#HdO?TQ`O'#HjO?TQ`O'#HlO`QlO'#HnO?TQ`O'#HpO?TQ`O'#HsO?YQ`O'#HyO?_Q!0LsO'#IPO%[QlO'#IRO?jQ!0LsO'#ITO?uQ!0LsO'#IVO9uQ!0LrO'#IXO@QQ!0MxO'#CiOASQpO'#DlQOQ`OOO%[QlO'#EQOAjQ`O'#ETO:dQMhO'#EnOAuQ`O'#EnOBQQ!bO'#FfOOQ['#Cg'#CgOOQ!0Lb'#Dq'#DqOOQ!0Lb'#Jw'#JwO%[QlO'#JwOOQO'#Jz'#JzOOQO'#Ii'#IiOCQQpO'#EgOOQ!0Lb'#Ef'#EfOOQ!0Lb'#KO'#KOOC|Q!0MSO'#EgODWQpO'#EWOOQO'#Jy'#JyODlQpO'#JzOEyQpO'#EWODWQpO'#EgPFWO&2DjO'#CbPOOO)CEO)CEOOOOO'#Ia'#IaOFcO#tO,59UOOQ!0Lh,59U,59UOOOO'#Ib'#IbOFqO&jO,59UOGPQ!L^O'#DcOOOO'#Id'#IdOGWO#@ItO,59{OOQ!0Lf,59{,59{OGfQlO'#IeOGyQ`O'#JuOIxQ!fO'#JuO+}QlO'#JuOJPQ`O,5:ROJgQ`O'#EpOJtQ`O'#KUOKPQ`O'#KTOKPQ`O'#KTOKXQ`O,5;^OK^Q`O'#KSOOQ!0Ln,5:^,5:^OKeQlO,5:^OMcQ!0MxO,5:fONSQ`O,5:nONmQ!0LrO'#KRONtQ`O'#KQO9eQ`O'#KQO! YQ`O'#KQO! bQ`O,5;]O! gQ`O'#KQO!#lQ!fO'#JtOOQ!0Lh'#Ci'#CiO%[QlO'#ESO!$[Q!fO,5:sOOQS'#J{'#J{OOQO-E<k-E<kO9kQ`O,5=`O!$rQ`O,5=`O!$wQlO,5;ZO!&zQMhO'#EkO!(eQ`O,5;ZO!(jQlO'#DyO!(tQpO,5;eO!(|QpO,5;eO%[QlO,5;eOOQ['#FU'#FUOOQ['#FW'#FWO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fO%[QlO,5;fOOQ['#F['#F[O!)[QlO,5;uOOQ!0Lf,5;z,5;zOOQ!0Lf,5;{,5;{OOQ!0Lf,5;},5;}O%[QlO'#IqO!+_Q!0LrO,5<jO%[QlO,5;fO!&zQMhO,5;fO!+|QMhO,5;fO!-nQMhO'#E^O%[QlO,5;xOOQ!0Lf,5;|,5;|O!-uQ,UO'#FkO!.rQ,UO'#KYO!.^Q,UO'#KYO!.yQ,UO'#KYOOQO'#KY'#KYO!/_Q,UO,5<TOOOW,5<a,5<aO!/pQlO'#FwOOOW'#Ip'#IpO7VO7dO,5<RO!/wQ,UO'#FyOOQ!0Lf,5<R,5<RO!0hQ$IUO'#CyOOQ!0Lh'#C}'#C}O!0{O#@ItO'#DRO!1iQMjO,5<fO!1pQ`O,5<iO!3YQ(CWO'#GYO!3jQ`O'#GZO!3oQ`O'#GZO!5_Q(CWO'#G_O!6dQpO'#GcOOQO'#Go'#GoO!,TQMhO'#GnOOQO'#Gq'#GqO!,TQMhO'#GpO!7VQ$IUO'#JmOOQ!0Lh'#Jm'#JmO!7aQ`O'#JlO!7oQ`O'#JkO!7wQ`O'#CuOOQ!0Lh'#C{'#C{O!8YQ`O'#C}OOQ!0Lh'#DV'#DVOOQ!0Lh'#DX'#DXO!8_Q`O,5<fO1SQ`O'#DZO!,TQMhO'#GQO!,TQMhO'#GSO!8gQ`O'#GUO!8lQ`O'#GVO!3oQ`O'#G]O!,TQMhO'#GbO<]Q`O'#JlO!8qQ`O'#EqO!9`Q`O,5<hOOQ!0Lb'#Cr'#CrO!9hQ`O'#ErO!:bQpO'#EsOOQ!0Lb'#KS'#KSO!:iQ!0LrO'#KbO9uQ!0LrO,5=dO`QlO,5>uOOQ['#Ji'#JiOOQ[,5>v,5>vOOQ[-E<^-E<^O!<hQ!0MxO,5:bO!=[QpO,5:`O!?WQ!0MxO,5:jO%[QlO,5:jO!AnQ!0MxO,5:lOOQO,5@{,5@{O!B_QMhO,5=`O!BmQ!0LrO'#JjO9`Q`O'#JjO!COQ!0LrO,59ZO!CZQpO,59ZO!CcQMhO,59ZO:dQMhO,59ZO!CnQ`O,5;ZO!CvQ`O'#HcO!D[Q`O'#KeO%[QlO,5<OO!=[QpO,5<QO!DdQ`O,5={O!DiQ`O,5={O!DnQ`O,5={O!D|Q`O,5={O9uQ!0LrO,5={O<]Q`O,5=kOOQO'#Cy'#CyO!ETQpO,5=hO!E]QMhO,5=iO!EhQ`O,5=kO!EmQ!bO,5=nO!EuQ`O'#KaO?YQ`O'#HXO9kQ`O'#HZO!EzQ`O'#HZO:dQMhO'#H]O!FPQ`O'#H]OOQ[,5=q,5=qO!FUQ`O'#H^O!FgQ`O'#CoO!FlQ`O,59PO!FvQ`O,59PO!H{QlO,59POOQ[,59P,59PO!I]Q!0LrO,59PO%[QlO,59PO!KhQlO'#HfOOQ['#Hg'#HgOOQ['#Hh'#HhO`QlO,5>OO!LOQ`O,5>OO`QlO,5>UO`QlO,5>WO!LTQ`O,5>YO`QlO,5>[O!LYQ`O,5>_O!L_QlO,5>eOOQ[,5>k,5>kO%[QlO,5>kO9uQ!0LrO,5>mOOQ[,5>o,5>oO#!iQ`O,5>oOOQ[,5>q,5>qO#!iQ`O,5>qOOQ[,5>s,5>sO##VQpO'#D_O%[QlO'#JwO##aQpO'#JwO##{QpO'#DmO#$^QpO'#DmO#&oQlO'#DmO#&vQ`O'#JvO#'OQ`O,5:WO#'TQ`O'#EtO#'`Q`O'#EtO#'eQ`O'#KVO#'mQ`O,5;_O#'rQpO'#DmO#(PQpO'#EVOOQ!0Lf,5:o,5:oO%[QlO,5:oO#(WQ`O,5:oO?YQ`O,5;YO!CZQpO,5;YO!CcQMhO,5;YO:dQMhO,5;YO#(`Q`O,5@cO#(eQ07dO,5:sOOQO-E<g-E<gO#)kQ!0MSO,5;RODWQpO,5:rO#)uQpO,5:rODWQpO,5;RO!COQ!0LrO,5:rOOQ!0Lb'#Ej'#EjOOQO,5;R,5;RO%[QlO,5;RO#*SQ!0LrO,5;RO#*_Q!0LrO,5;RO!CZQpO,5:rOOQO,5;X,5;XO#*mQ!0LrO,5;RPOOO'#I_'#I_P#+RO&2DjO,58|POOO,58|,58|OOOO-E<_-E<_OOQ!0Lh1G.p1G.pOOOO-E<`-E<`OOOO,59},59}O#+^Q!bO,59}OOOO-E<b-E<bOOQ!0Lf1G/g1G/gO#+cQ!fO,5?PO+}QlO,5?POOQO,5?V,5?VO#+mQlO'#IeOOQO-E<c-E<cO#+zQ`O,5@aO#,SQ!fO,5@aO#,ZQ`O,5@oOOQ!0Lf1G/m1G/mO%[QlO,5@pO#,cQ`O'#IkOOQO-E<i-E<iO#,ZQ`O,5@oOOQ!0Lb1G0x1G0xOOQ!0Ln1G/x1G/xOOQ!0Ln1G0Y1G0YO%[QlO,5@mO#,wQ!0LrO,5@mO#-YQ!0LrO,5@mO#-aQ`O,5@lO9eQ`O,5@lO#-iQ`O,5@lO#-wQ`O'#InO#-aQ`O,5@lOOQ!0Lb1G0w1G0wO!(tQpO,5:uO!)PQpO,5:uOOQS,5:w,5:wO#.iQdO,5:wO#.qQMhO1G2zO9kQ`O1G2zOOQ!0Lf1G0u1G0uO#/PQ!0MxO1G0uO#0UQ!0MvO,5;VOOQ!0Lh'#GX'#GXO#0rQ!0MzO'#JmO!$wQlO1G0uO#2}Q!fO'#JxO%[QlO'#JxO#3XQ`O,5:eOOQ!0Lh'#D_'#D_OOQ!0Lf1G1P1G1PO%[QlO1G1POOQ!0Lf1G1g1G1gO#3^Q`O1G1PO#5rQ!0MxO1G1QO#5yQ!0MxO1G1QO#8aQ!0MxO1G1QO#8hQ!0MxO1G1QO#;OQ!0MxO1G1QO#=fQ!0MxO1G1QO#=mQ!0MxO1G1QO#=tQ!0MxO1G1QO#@[Q!0MxO1G1QO#@cQ!0MxO1G1QO#BpQ?MtO'#CiO#DkQ?MtO1G1aO#DrQ?MtO'#JtO#EVQ!0MxO,5?]OOQ!0Lb-E<o-E<oO#GdQ!0MxO1G1QO#HaQ!0MzO1G1QOOQ!0Lf1G1Q1G1QO#IdQMjO'#J}O#InQ`O,5:xO#IsQ!0MxO1G1dO#JgQ,UO,5<XO#JoQ,UO,5<YO#JwQ,UO'#FpO#K`Q`O'#FoOOQO'#KZ'#KZOOQO'#Io'#IoO#KeQ,UO1G1oOOQ!0Lf1G1o1G1oOOOW1G1z1G1zO#KvQ?MtO'#JsO#LQQ`O,5<cO!)[QlO,5<cOOOW-E<n-E<nOOQ!0Lf1G1m1G1mO#LVQpO'#KYOOQ!0Lf,5<e,5<eO#L_QpO,5<eO#LdQMhO'#DTOOOO'#Ic'#IcO#LkO#@ItO,59mOOQ!0Lh,59m,59mO%[QlO1G2QO!8lQ`O'#IsO#LvQ`O,5<{OOQ!0Lh,5<x,5<xO!,TQMhO'#IvO#MdQMjO,5=YO!,TQMhO'#IxO#NVQMjO,5=[O!&zQMhO,5=^OOQO1G2T1G2TO#NaQ!dO'#CrO#NtQ(CWO'#ErO$ |QpO'#GcO$!dQ!dO,5<tO$!kQ`O'#K]O9eQ`O'#K]O$!yQ`O,5<vO$#aQ!dO'#C{O!,TQMhO,5<uO$#kQ`O'#G[O$$PQ`O,5<uO$$UQ!dO'#GXO$$cQ!dO'#K^O$$mQ`O'#K^O!&zQMhO'#K^O$$rQ`O,5<yO$$wQlO'#JwO$%RQpO'#GdO#$^QpO'#GdO$%dQ`O'#GhO!3oQ`O'#GlO$%iQ!0LrO'#IuO$%tQpO,5<}OOQ!0Lp,5<},5<}O$%{QpO'#GdO$&YQpO'#GeO$&kQpO'#GeO$&pQMjO,5=YO$'QQMjO,5=[OOQ!0Lh,5=_,5=_O!,TQMhO,5@WO!,TQMhO,5@WO$'bQ`O'#IzO$'vQ`O,5@VO$(OQ`O,59aOOQ!0Lh,59i,59iO$(TQ`O,5@WO$)TQ$IYO,59uOOQ!0Lh'#Jq'#JqO$)vQMjO,5<lO$*iQMjO,5<nO@zQ`O,5<pOOQ!0Lh,5<q,5<qO$*sQ`O,5<wO$*xQMjO,5<|O$+YQ`O'#KQO!$wQlO1G2SO$+_Q`O1G2SO9eQ`O'#KTO$+dQ`O'#D_O9eQ`O'#EtO%[QlO'#EtO9eQ`O'#I|O$+rQ!0LrO,5@|OOQ[1G3O1G3OOOQ[1G4a1G4aOOQ!0Lf1G/|1G/|OOQ!0Lf1G/z1G/zO$-tQ!0MxO1G0UOOQ[1G2z1G2zO!&zQMhO1G2zO%[QlO1G2zO#.tQ`O1G2zO$/xQMhO'#EkOOQ!0Lb,5@U,5@UO$0VQ!0LrO,5@UOOQ[1G.u1G.uO!COQ!0LrO1G.uO!CZQpO1G.uO!CcQMhO1G.uO$0hQ`O1G0uO$0mQ`O'#CiO$0xQ`O'#KfO$1QQ`O,5=}O$1VQ`O'#KfO$1[Q`O'#KfO$1jQ`O'#JSO$1xQ`O,5APO$2QQ!fO1G1jOOQ!0Lf1G1l1G1lO9kQ`O1G3gO@zQ`O1G3gO$2XQ`O1G3gO$2^Q`O1G3gO!DnQ`O1G3gO9uQ!0LrO1G3gOOQ[1G3g1G3gO!EhQ`O1G3VO!&zQMhO1G3SO$2cQ`O1G3SOOQ[1G3T1G3TO!&zQMhO1G3TO$2hQ`O1G3TO$2pQpO'#HROOQ[1G3V1G3VO!6_QpO'#JOO!EmQ!bO1G3YOOQ[1G3Y1G3YOOQ[,5=s,5=sO$2xQMhO,5=uO9kQ`O,5=uO$%dQ`O,5=wO9`Q`O,5=wO!CZQpO,5=wO!CcQMhO,5=wO:dQMhO,5=wO$3WQ`O'#KdO$3cQ`O,5=xOOQ[1G.k1G.kO$3hQ!0LrO1G.kO@zQ`O1G.kO$3sQ`O1G.kO9uQ!0LrO1G.kO$5{Q!fO,5ARO$6YQ`O,5ARO9eQ`O,5ARO$6eQlO,5>QO$6lQ`O,5>QOOQ[1G3j1G3jO`QlO1G3jOOQ[1G3p1G3pOOQ[1G3r1G3rO?TQ`O1G3tO$6qQlO1G3vO$:uQlO'#HuOOQ[1G3y1G3yO$;SQ`O'#H{O?YQ`O'#H}OOQ[1G4P1G4PO$;[QlO1G4PO9uQ!0LrO1G4VOOQ[1G4X1G4XOOQ!0Lb'#G`'#G`O9uQ!0LrO1G4ZO9uQ!0LrO1G4]O$?cQ`O,5@cO9eQ`O,5;`O?YQ`O,5:XO!)[QlO,5:XO!CZQpO,5:XO$?hQ?MtO,5:XOOQO,5;`,5;`O$?rQpO'#IfO$@YQ`O,5@bOOQ!0Lf1G/r1G/rO!)[QlO,5;`O$@bQpO'#IlO$@lQ`O,5@qOOQ!0Lb1G0y1G0yO#$^QpO,5:XOOQO'#Ih'#IhO$@tQpO,5:qOOQ!0Ln,5:q,5:qO#(ZQ`O1G0ZOOQ!0Lf1G0Z1G0ZO%[QlO1G0ZOOQ!0Lf1G0t1G0tO?YQ`O1G0tO!CZQpO1G0tO!CcQMhO1G0tOOQ!0Lb1G5}1G5}O!COQ!0LrO1G0^OOQO1G0m1G0mO%[QlO1G0mO$@{Q!0LrO1G0mO$AWQ!0LrO1G0mO!CZQpO1G0^ODWQpO1G0^O$AfQ!0LrO1G0mOOQO1G0^1G0^O$AzQ!0MxO1G0mPOOO-E<]-E<]POOO1G.h1G.hOOOO1G/i1G/iO$BUQ!bO,5<jO$B^Q!fO1G4kOOQO1G4q1G4qO%[QlO,5?PO$BhQ`O1G5{O$BpQ`O1G6ZO$BxQ!fO1G6[O9eQ`O,5?VO$CSQ!0MxO1G6XO%[QlO1G6XO$CdQ!0LrO1G6XO$CuQ`O1G6WO$CuQ`O1G6WO9eQ`O1G6WO$C}Q`O,5?YO9eQ`O,5?YOOQO,5?Y,5?YO$DcQ`O,5?YO$+YQ`O,5?YOOQO-E<l-E<lOOQS1G0a1G0aOOQS1G0c1G0cO#.lQ`O1G0cOOQ[7+(f7+(fO!&zQMhO7+(fO%[QlO7+(fO$DqQ`O7+(fO$D|QMhO7+(fO$E[Q!0MzO,5=YO$GgQ!0MzO,5=[O$IrQ!0MzO,5=YO$LTQ!0MzO,5=[O$NfQ!0MzO,59uO%!kQ!0MzO,5<lO%$vQ!0MzO,5<nO%'RQ!0MzO,5<|OOQ!0Lf7+&a7+&aO%)dQ!0MxO7+&aO%*WQlO'#IgO%*eQ`O,5@dO%*mQ!fO,5@dOOQ!0Lf1G0P1G0PO%*wQ`O7+&kOOQ!0Lf7+&k7+&kO%*|Q?MtO,5:fO%[QlO7+&{O%+WQ?MtO,5:bO%+eQ?MtO,5:jO%+oQ?MtO,5:lO%+yQMhO'#IjO%,TQ`O,5@iOOQ!0Lh1G0d1G0dOOQO1G1s1G1sOOQO1G1t1G1tO%,]Q!jO,5<[O!)[QlO,5<ZOOQO-E<m-E<mOOQ!0Lf7+'Z7+'ZOOOW7+'f7+'fOOOW1G1}1G1}O%,hQ`O1G1}OOQ!0Lf1G2P1G2POOOO,59o,59oO%,mQ!dO,59oOOOO-E<a-E<aOOQ!0Lh1G/X1G/XO%,tQ!0MxO7+'lOOQ!0Lh,5?_,5?_O%-hQMhO1G2gP%-oQ`O'#IsPOQ!0Lh-E<q-E<qO%.]QMjO,5?bOOQ!0Lh-E<t-E<tO%/OQMjO,5?dOOQ!0Lh-E<v-E<vO%/YQ!dO1G2xO%/aQ!dO'#CrO%/wQMhO'#KTO$$wQlO'#JwOOQ!0Lh1G2`1G2`O%0RQ`O'#IrO%0jQ`O,5@wO%0jQ`O,5@wO%0rQ`O,5@wO%0}Q`O,5@wOOQO1G2b1G2bO%1]QMjO1G2aO$+YQ`O'#K]O!,TQMhO1G2aO%1mQ(CWO'#ItO%1zQ`O,5@xO!&zQMhO,5@xO%2SQ!dO,5@xOOQ!0Lh1G2e1G2eO%4dQ!fO'#CiO%4nQ`O,5=QOOQ!0Lb,5=O,5=OO%4vQpO,5=OOOQ!0Lb,5=P,5=POCwQ`O,5=OO%5RQpO,5=OOOQ!0Lb,5=S,5=SO$+YQ`O,5=WOOQO,5?a,5?aOOQO-E<s-E<sOOQ!0Lp1G2i1G2iO#$^QpO,5=OO$$wQlO,5=QO%5aQ`O,5=PO%5lQpO,5=PO!,TQMhO'#IvO%6fQMjO1G2tO!,TQMhO'#IxO%7XQMjO1G2vO%7cQMjO1G5rO%7mQMjO1G5rOOQO,5?f,5?fOOQO-E<x-E<xOOQO1G.{1G.{O!,TQMhO1G5rO!,TQMhO1G5rO!=[QpO,59wO%[QlO,59wOOQ!0Lh,5<k,5<kO%7zQ`O1G2[O!,TQMhO1G2cO%8PQ!0MxO7+'nOOQ!0Lf7+'n7+'nO!$wQlO7+'nO%8sQ`O,5;`OOQ!0Lb,5?h,5?hOOQ!0Lb-E<z-E<zO%8xQ!dO'#K_O#(ZQ`O7+(fO4UQ!fO7+(fO$DtQ`O7+(fO%9SQ!0MvO'#CiO%9gQ!0MvO,5=TO%9zQ`O,5=TO%:SQ`O,5=TOOQ!0Lb1G5p1G5pOOQ[7+$a7+$aO!COQ!0LrO7+$aO!CZQpO7+$aO!$wQlO7+&aO%:XQ`O'#JRO%:pQ`O,5AQOOQO1G3i1G3iO9kQ`O,5AQO%:pQ`O,5AQO%:xQ`O,5AQOOQO,5?n,5?nOOQO-E=Q-E=QOOQ!0Lf7+'U7+'UO%:}Q`O7+)RO9uQ!0LrO7+)RO9kQ`O7+)RO@zQ`O7+)RO%;SQ`O7+)ROOQ[7+)R7+)ROOQ[7+(q7+(qO%;XQ!0MvO7+(nO!&zQMhO7+(nO!EcQ`O7+(oOOQ[7+(o7+(oO!&zQMhO7+(oO%;cQ`O'#KcO%;nQ`O,5=mOOQO,5?j,5?jOOQO-E<|-E<|OOQ[7+(t7+(tO%=QQpO'#H[OOQ[1G3a1G3aO!&zQMhO1G3aO%[QlO1G3aO%=XQ`O1G3aO%=dQMhO1G3aO9uQ!0LrO1G3cO$%dQ`O1G3cO9`Q`O1G3cO!CZQpO1G3cO!CcQMhO1G3cO%=rQ`O'#JQO%>WQ`O,5AOO%>`QpO,5AOOOQ!0Lb1G3d1G3dOOQ[7+$V7+$VO@zQ`O7+$VO9uQ!0LrO7+$VO%>kQ`O7+$VO%[QlO1G6mO%[QlO1G6nO%>pQ!0LrO1G6mO%>zQlO1G3lO%?RQ`O1G3lO%?WQlO1G3lOOQ[7+)U7+)UO9uQ!0LrO7+)`O`QlO7+)bOOQ['#Ki'#KiOOQ['#JT'#JTO%?_QlO,5>aOOQ[,5>a,5>aO%[QlO'#HvO%?lQ`O'#HxOOQ[,5>g,5>gO9eQ`O,5>gOOQ[,5>i,5>iOOQ[7+)k7+)kOOQ[7+)q7+)qOOQ[7+)u7+)uOOQ[7+)w7+)wO%?qQpO1G5}O%@]Q`O1G0zOOQO1G/s1G/sO%@hQ?MtO1G/sO?YQ`O1G/sO!)[QlO'#DmOOQO,5?Q,5?QOOQO-E<d-E<dO%@rQ?MtO1G0zOOQO,5?W,5?WOOQO-E<j-E<jO!CZQpO1G/sOOQO-E<f-E<fOOQ!0Ln1G0]1G0]OOQ!0Lf7+%u7+%uO#(ZQ`O7+%uOOQ!0Lf7+&`7+&`O?YQ`O7+&`O!CZQpO7+&`OOQO7+%x7+%xO$AzQ!0MxO7+&XOOQO7+&X7+&XO%[QlO7+&XO%@|Q!0LrO7+&XO!COQ!0LrO7+%xO!CZQpO7+%xO%AXQ!0LrO7+&XO%AgQ!0MxO7++sO%[QlO7++sO%AwQ`O7++rO%AwQ`O7++rOOQO1G4t1G4tO9eQ`O1G4tO%BPQ`O1G4tOOQS7+%}7+%}O#(ZQ`O<<LQO4UQ!fO<<LQO%B_Q`O<<LQOOQ[<<LQ<<LQO!&zQMhO<<LQO%[QlO<<LQO%BgQ`O<<LQO%BrQ!0MzO,5?bO%D}Q!0MzO,5?dO%GYQ!0MzO1G2aO%IkQ!0MzO1G2tO%KvQ!0MzO1G2vO%NRQ!fO,5?RO%[QlO,5?ROOQO-E<e-E<eO%N]Q`O1G6OOOQ!0Lf<<JV<<JVO%NeQ?MtO1G0uO&!lQ?MtO1G1QO&!sQ?MtO1G1QO&$tQ?MtO1G1QO&${Q?MtO1G1QO&&|Q?MtO1G1QO&(}Q?MtO1G1QO&)UQ?MtO1G1QO&)]Q?MtO1G1QO&+^Q?MtO1G1QO&+eQ?MtO1G1QO&+lQ!0MxO<<JgO&-dQ?MtO1G1QO&.aQ?MvO1G1QO&/dQ?MvO'#JmO&1jQ?MtO1G1dO&1wQ?MtO1G0UO&2RQMjO,5?UOOQO-E<h-E<hO!)[QlO'#FrOOQO'#K['#K[OOQO1G1v1G1vO&2]Q`O1G1uO&2bQ?MtO,5?]OOOW7+'i7+'iOOOO1G/Z1G/ZO&2lQ!dO1G4yOOQ!0Lh7+(R7+(RP!&zQMhO,5?_O!,TQMhO7+(dO&2sQ`O,5?^O9eQ`O,5?^O$+YQ`O,5?^OOQO-E<p-E<pO&3RQ`O1G6cO&3RQ`O1G6cO&3ZQ`O1G6cO&3fQMjO7+'{O&3vQ!dO,5?`O&4QQ`O,5?`O!&zQMhO,5?`OOQO-E<r-E<rO&4VQ!dO1G6dO&4aQ`O1G6dO&4iQ`O1G2lO!&zQMhO1G2lOOQ!0Lb1G2j1G2jOOQ!0Lb1G2k1G2kO%4vQpO1G2jO!CZQpO1G2jOCwQ`O1G2jOOQ!0Lb1G2r1G2rO&4nQpO1G2jO&4|Q`O1G2lO$+YQ`O1G2kOCwQ`O1G2kO$$wQlO1G2lO&5UQ`O1G2kO&5xQMjO,5?bOOQ!0Lh-E<u-E<uO&6kQMjO,5?dOOQ!0Lh-E<w-E<wO!,TQMhO7++^O&6uQMjO7++^O&7PQMjO7++^OOQ!0Lh1G/c1G/cO&7^Q`O1G/cOOQ!0Lh7+'v7+'vO&7cQMjO7+'}O&7sQ!0MxO<<KYOOQ!0Lf<<KY<<KYO&8gQ`O1G0zO!&zQMhO'#I{O&8lQ`O,5@yO&:nQ!fO<<LQO!&zQMhO1G2oO&:uQ!0LrO1G2oOOQ[<<G{<<G{O!COQ!0LrO<<G{O&;WQ!0MxO<<I{OOQ!0Lf<<I{<<I{OOQO,5?m,5?mO&;zQ`O,5?mO&<PQ`O,5?mOOQO-E=P-E=PO&<_Q`O1G6lO&<_Q`O1G6lO9kQ`O1G6lO@zQ`O<<LmOOQ[<<Lm<<LmO&<gQ`O<<LmO9uQ!0LrO<<LmO9kQ`O<<LmOOQ[<<LY<<LYO%;XQ!0MvO<<LYOOQ[<<LZ<<LZO!EcQ`O<<LZO&<lQpO'#I}O&<wQ`O,5@}O!)[QlO,5@}OOQ[1G3X1G3XOOQO'#JP'#JPO9uQ!0LrO'#JPO&=PQpO,5=vOOQ[,5=v,5=vO&=WQpO'#EgO&=_QpO'#GfO&=dQ`O7+({O&=iQ`O7+({OOQ[7+({7+({O!&zQMhO7+({O%[QlO7+({O&=qQ`O7+({OOQ[7+(}7+(}O9uQ!0LrO7+(}O$%dQ`O7+(}O9`Q`O7+(}O!CZQpO7+(}O&=|Q`O,5?lOOQO-E=O-E=OOOQO'#H_'#H_O&>XQ`O1G6jO9uQ!0LrO<<GqOOQ[<<Gq<<GqO@zQ`O<<GqO&>aQ`O7+,XO&>fQ`O7+,YO%[QlO7+,XO%[QlO7+,YOOQ[7+)W7+)WO&>kQ`O7+)WO&>pQlO7+)WO&>wQ`O7+)WOOQ[<<Lz<<LzOOQ[<<L|<<L|OOQ[-E=R-E=ROOQ[1G3{1G3{O&>|Q`O,5>bOOQ[,5>d,5>dO&?RQ`O1G4RO9eQ`O7+&fO!)[QlO7+&fOOQO7+%_7+%_O&?WQ?MtO1G6[O?YQ`O7+%_OOQ!0Lf<<Ia<<IaOOQ!0Lf<<Iz<<IzO?YQ`O<<IzOOQO<<Is<<IsO$AzQ!0MxO<<IsO%[QlO<<IsOOQO<<Id<<IdO!COQ!0LrO<<IdO&?bQ!0LrO<<IsO&?mQ!0MxO<= _O&?}Q`O<= ^OOQO7+*`7+*`O9eQ`O7+*`OOQ[ANAlANAlO&@VQ!fOANAlO!&zQMhOANAlO#(ZQ`OANAlO4UQ!fOANAlO&@^Q`OANAlO%[QlOANAlO&@fQ!0MzO7+'{O&BwQ!0MzO,5?bO&ESQ!0MzO,5?dO&G_Q!0MzO7+'}O&IpQ!fO1G4mO&IzQ?MtO7+&aO&LOQ?MvO,5=YO&NVQ?MvO,5=[O&NgQ?MvO,5=YO&NwQ?MvO,5=[O' XQ?MvO,59uO'#_Q?MvO,5<lO'%bQ?MvO,5<nO''vQ?MvO,5<|O')lQ?MtO7+'lO')yQ?MtO7+'nO'*WQ`O,5<^OOQO7+'a7+'aOOQ!0Lh7+*e7+*eO'*]QMjO<<LOOOQO1G4x1G4xO'*dQ`O1G4xO'*oQ`O1G4xO'*}Q`O7++}O'*}Q`O7++}O!&zQMhO1G4zO'+VQ!dO1G4zO'+aQ`O7+,OO'+iQ`O7+(WO'+tQ!dO7+(WOOQ!0Lb7+(U7+(UOOQ!0Lb7+(V7+(VO!CZQpO7+(UOCwQ`O7+(UO',OQ`O7+(WO!&zQMhO7+(WO$+YQ`O7+(VO',TQ`O7+(WOCwQ`O7+(VO',]QMjO<<NxO!,TQMhO<<NxOOQ!0Lh7+$}7+$}O',gQ!dO,5?gOOQO-E<y-E<yO',qQ!0MvO7+(ZO!&zQMhO7+(ZOOQ[AN=gAN=gO9kQ`O1G5XOOQO1G5X1G5XO'-RQ`O1G5XO'-WQ`O7+,WO'-WQ`O7+,WO9uQ!0LrOANBXO@zQ`OANBXOOQ[ANBXANBXO'-`Q`OANBXOOQ[ANAtANAtOOQ[ANAuANAuO'-eQ`O,5?iOOQO-E<{-E<{O'-pQ?MtO1G6iOOQO,5?k,5?kOOQO-E<}-E<}OOQ[1G3b1G3bO'-zQ`O,5=QOOQ[<<Lg<<LgO!&zQMhO<<LgO&=dQ`O<<LgO'.PQ`O<<LgO%[QlO<<LgOOQ[<<Li<<LiO9uQ!0LrO<<LiO$%dQ`O<<LiO9`Q`O<<LiO'.XQpO1G5WO'.dQ`O7+,UOOQ[AN=]AN=]O9uQ!0LrOAN=]OOQ[<= s<= sOOQ[<= t<= tO'.lQ`O<= sO'.qQ`O<= tOOQ[<<Lr<<LrO'.vQ`O<<LrO'.{QlO<<LrOOQ[1G3|1G3|O?YQ`O7+)mO'/SQ`O<<JQO'/_Q?MtO<<JQOOQO<<Hy<<HyOOQ!0LfAN?fAN?fOOQOAN?_AN?_O$AzQ!0MxOAN?_OOQOAN?OAN?OO%[QlOAN?_OOQO<<Mz<<MzOOQ[G27WG27WO!&zQMhOG27WO#(ZQ`OG27WO'/iQ!fOG27WO4UQ!fOG27WO'/pQ`OG27WO'/xQ?MtO<<JgO'0VQ?MvO1G2aO'1{Q?MvO,5?bO'4OQ?MvO,5?dO'6RQ?MvO1G2tO'8UQ?MvO1G2vO':XQ?MtO<<KYO':fQ?MtO<<I{OOQO1G1x1G1xO!,TQMhOANAjOOQO7+*d7+*dO':sQ`O7+*dO';OQ`O<= iO';WQ!dO7+*fOOQ!0Lb<<Kr<<KrO$+YQ`O<<KrOCwQ`O<<KrO';bQ`O<<KrO!&zQMhO<<KrOOQ!0Lb<<Kp<<KpO!CZQpO<<KpO';mQ!dO<<KrOOQ!0Lb<<Kq<<KqO';wQ`O<<KrO!&zQMhO<<KrO$+YQ`O<<KqO';|QMjOANDdO'<WQ!0MvO<<KuOOQO7+*s7+*sO9kQ`O7+*sO'<hQ`O<= rOOQ[G27sG27sO9uQ!0LrOG27sO@zQ`OG27sO!)[QlO1G5TO'<pQ`O7+,TO'<xQ`O1G2lO&=dQ`OANBROOQ[ANBRANBRO!&zQMhOANBRO'<}Q`OANBROOQ[ANBTANBTO9uQ!0LrOANBTO$%dQ`OANBTOOQO'#H`'#H`OOQO7+*r7+*rOOQ[G22wG22wOOQ[ANE_ANE_OOQ[ANE`ANE`OOQ[ANB^ANB^O'=VQ`OANB^OOQ[<<MX<<MXO!)[QlOAN?lOOQOG24yG24yO$AzQ!0MxOG24yO#(ZQ`OLD,rOOQ[LD,rLD,rO!&zQMhOLD,rO'=[Q!fOLD,rO'=cQ?MvO7+'{O'?XQ?MvO,5?bO'A[Q?MvO,5?dO'C_Q?MvO7+'}O'ETQMjOG27UOOQO<<NO<<NOOOQ!0LbANA^ANA^O$+YQ`OANA^OCwQ`OANA^O'EeQ!dOANA^OOQ!0LbANA[ANA[O'ElQ`OANA^O!&zQMhOANA^O'EwQ!dOANA^OOQ!0LbANA]ANA]OOQO<<N_<<N_OOQ[LD-_LD-_O9uQ!0LrOLD-_O'FRQ?MtO7+*oOOQO'#Gg'#GgOOQ[G27mG27mO&=dQ`OG27mO!&zQMhOG27mOOQ[G27oG27oO9uQ!0LrOG27oOOQ[G27xG27xO'F]Q?MtOG25WOOQOLD*eLD*eOOQ[!$(!^!$(!^O#(ZQ`O!$(!^O!&zQMhO!$(!^O'FgQ!0MzOG27UOOQ!0LbG26xG26xO$+YQ`OG26xO'HxQ`OG26xOCwQ`OG26xO'ITQ!dOG26xO!&zQMhOG26xOOQ[!$(!y!$(!yOOQ[LD-XLD-XO&=dQ`OLD-XOOQ[LD-ZLD-ZOOQ[!)9Ex!)9ExO#(ZQ`O!)9ExOOQ!0LbLD,dLD,dO$+YQ`OLD,dOCwQ`OLD,dO'I[Q`OLD,dO'IgQ!dOLD,dOOQ[!$(!s!$(!sOOQ[!.K;d!.K;dO'InQ?MvOG27UOOQ!0Lb!$(!O!$(!OO$+YQ`O!$(!OOCwQ`O!$(!OO'KdQ`O!$(!OOOQ!0Lb!)9Ej!)9EjO$+YQ`O!)9EjOCwQ`O!)9EjOOQ!0Lb!.K;U!.K;UO$+YQ`O!.K;UOOQ!0Lb!4/0p!4/0pO!)[QlO'#DzO1PQ`O'#EXO'KoQ!fO'#JsO'KvQ!L^O'#DvO'K}QlO'#EOO'LUQ!fO'#CiO'NlQ!fO'#CiO!)[QlO'#EQO'N|QlO,5;ZO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO,5;fO!)[QlO'#IqO(#PQ`O,5<jO!)[QlO,5;fO(#XQMhO,5;fO($rQMhO,5;fO!)[QlO,5;xO!&zQMhO'#GnO(#XQMhO'#GnO!&zQMhO'#GpO(#XQMhO'#GpO1SQ`O'#DZO1SQ`O'#DZO!&zQMhO'#GQO(#XQMhO'#GQO!&zQMhO'#GSO(#XQMhO'#GSO!&zQMhO'#GbO(#XQMhO'#GbO!)[QlO,5:jO($yQpO'#D_O!)[QlO,5@pO'N|QlO1G0uO(%TQ?MtO'#CiO!)[QlO1G2QO!&zQMhO'#IvO(#XQMhO'#IvO!&zQMhO'#IxO(#XQMhO'#IxO(%_Q!dO'#CrO!&zQMhO,5<uO(#XQMhO,5<uO'N|QlO1G2SO!)[QlO7+&{O!&zQMhO1G2aO(#XQMhO1G2aO!&zQMhO'#IvO(#XQMhO'#IvO!&zQMhO'#IxO(#XQMhO'#IxO!&zQMhO1G2cO(#XQMhO1G2cO'N|QlO7+'nO'N|QlO7+&aO!&zQMhOANAjO(#XQMhOANAjO(%rQ`O'#EoO(%wQ`O'#EoO(&PQ`O'#F^O(&UQ`O'#EzO(&ZQ`O'#KUO(&fQ`O'#KSO(&qQ`O,5;ZO(&vQMjO,5<fO(&}Q`O'#GZO('SQ`O'#GZO('XQ`O,5<fO('aQ`O,5<hO('iQ`O,5;ZO('qQ?MtO1G1aO('xQ`O,5<uO('}Q`O,5<uO((SQ`O,5<wO((XQ`O,5<wO((^Q`O1G2SO((cQ`O1G0uO((hQMjO<<LOO((oQMjO<<LOO((vQMhO'#F}O9`Q`O'#F|OAuQ`O'#EnO!)[QlO,5;uO!3oQ`O'#GZO!3oQ`O'#GZO!3oQ`O'#G]O!3oQ`O'#G]O!,TQMhO7+(dO!,TQMhO7+(dO%/YQ!dO1G2xO%/YQ!dO1G2xO!&zQMhO,5=^O!&zQMhO,5=^",
      stateData:
        "(){~O'}OS(OOSTOS(PRQ~OPYOQYOSfOY!VOaqOdzOeyOl!POpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_XO!iuO!lZO!oYO!pYO!qYO!svO!uwO!xxO!|]O$X|O$oiO%i}O%k!QO%m!OO%n!OO%o!OO%r!RO%t!SO%w!TO%x!TO%z!UO&X!WO&_!XO&a!YO&c!ZO&e![O&h!]O&n!^O&t!_O&v!`O&x!aO&z!bO&|!cO(USO(WTO(ZUO(bVO(p[O~OWtO~P`OPYOQYOSfOd!jOe!iOpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_!eO!iuO!lZO!oYO!pYO!qYO!svO!u!gO!x!hO$X!kO$oiO(U!dO(WTO(ZUO(bVO(p[O~Oa!wOs!nO!S!oO!b!yO!c!vO!d!vO!|<XO#T!pO#U!pO#V!xO#W!pO#X!pO#[!zO#]!zO(V!lO(WTO(ZUO(f!mO(p!sO~O(P!{O~OP]XR]X[]Xa]Xj]Xr]X!Q]X!S]X!]]X!l]X!p]X#R]X#S]X#`]X#lfX#o]X#p]X#q]X#r]X#s]X#t]X#u]X#v]X#w]X#y]X#{]X#|]X$R]X'{]X(b]X(s]X(z]X({]X~O!g%SX~P(qO_!}O(W#PO(X!}O(Y#PO~O_#QO(Y#PO(Z#PO([#QO~Ox#SO!U#TO(c#TO(d#VO~OPYOQYOSfOd!jOe!iOpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_!eO!iuO!lZO!oYO!pYO!qYO!svO!u!gO!x!hO$X!kO$oiO(U<]O(WTO(ZUO(bVO(p[O~O![#ZO!]#WO!Y(iP!Y(wP~P+}O!^#cO~P`OPYOQYOSfOd!jOe!iOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_!eO!iuO!lZO!oYO!pYO!qYO!svO!u!gO!x!hO$X!kO$oiO(WTO(ZUO(bVO(p[O~Op#mO![#iO!|]O#j#lO#k#iO(U<^O!k(tP~P.iO!l#oO(U#nO~O!x#sO!|]O%i#tO~O#l#uO~O!g#vO#l#uO~OP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!]$_O!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO#w$SO#y$UO#{$WO#|$XO(bVO(s$YO(z#|O({#}O~Oa(gX'{(gX'x(gX!k(gX!Y(gX!_(gX%j(gX!g(gX~P1qO#S$dO#`$eO$R$eOP(hXR(hX[(hXj(hXr(hX!Q(hX!S(hX!](hX!l(hX!p(hX#R(hX#o(hX#p(hX#q(hX#r(hX#s(hX#t(hX#u(hX#v(hX#w(hX#y(hX#{(hX#|(hX(b(hX(s(hX(z(hX({(hX!_(hX%j(hX~Oa(hX'{(hX'x(hX!Y(hX!k(hXv(hX!g(hX~P4UO#`$eO~O$^$hO$`$gO$g$mO~OSfO!_$nO$j$oO$l$qO~Oh%VOj%dOk%dOp%WOr%XOs$tOt$tOz%YO|%ZO!O%]O!S${O!_$|O!i%bO!l$xO#k%cO$X%`O$u%^O$w%_O$z%aO(U$sO(WTO(ZUO(b$uO(z$}O({%POg(_P~Ol%[O~P7eO!l%eO~O!S%hO!_%iO(U%gO~O!g%mO~Oa%nO'{%nO~O!Q%rO~P%[O(V!lO~P%[O%o%vO~P%[Oh%VO!l%eO(U%gO(V!lO~Oe%}O!l%eO(U%gO~Oj$RO~O!_&PO(U%gO(V!lO(WTO(ZUO`)XP~O!Q&SO!l&RO%k&VO&U&WO~P;SO!x#sO~O%t&YO!S)TX!_)TX(U)TX~O(U&ZO~Ol!PO!u&`O%k!QO%m!OO%n!OO%o!OO%r!RO%t!SO%w!TO%x!TO~Od&eOe&dO!x&bO%i&cO%|&aO~P<bOd&hOeyOl!PO!_&gO!u&`O!xxO!|]O%i}O%m!OO%n!OO%o!OO%r!RO%t!SO%w!TO%x!TO%z!UO~Ob&kO#`&nO%k&iO(V!lO~P=gO!l&oO!u&sO~O!l#oO~O!_XO~Oa%nO'y&{O'{%nO~Oa%nO'y'OO'{%nO~Oa%nO'y'QO'{%nO~O'x]X!Y]Xv]X!k]X&]]X!_]X%j]X!g]X~P(qO!b'`O!c'WO!d'WO(V!lO(WTO(ZUO~Os'UO!S'TO!['XO(f'SO!^(jP!^(yP~P@nOn'cO!_'aO(U%gO~Oe'hO!l%eO(U%gO~O!Q&SO!l&RO~Os!nO!S!oO!|<XO#T!pO#U!pO#W!pO#X!pO(V!lO(WTO(ZUO(f!mO(p!sO~O!b'nO!c'mO!d'mO#V!pO#['oO#]'oO~PBYOa%nOh%VO!g#vO!l%eO'{%nO(s'qO~O!p'uO#`'sO~PChOs!nO!S!oO(WTO(ZUO(f!mO(p!sO~O!_XOs(nX!S(nX!b(nX!c(nX!d(nX!|(nX#T(nX#U(nX#V(nX#W(nX#X(nX#[(nX#](nX(V(nX(W(nX(Z(nX(f(nX(p(nX~O!c'mO!d'mO(V!lO~PDWO(Q'yO(R'yO(S'{O~O_!}O(W'}O(X!}O(Y'}O~O_#QO(Y'}O(Z'}O([#QO~Ov(PO~P%[Ox#SO!U#TO(c#TO(d(SO~O![(UO!Y'XX!Y'_X!]'XX!]'_X~P+}O!](WO!Y(iX~OP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!](WO!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO#w$SO#y$UO#{$WO#|$XO(bVO(s$YO(z#|O({#}O~O!Y(iX~PHRO!Y(]O~O!Y(vX!](vX!g(vX!k(vX(s(vX~O#`(vX#l#dX!^(vX~PJUO#`(^O!Y(xX!](xX~O!](_O!Y(wX~O!Y(bO~O#`$eO~PJUO!^(cO~P`OR#zO!Q#yO!S#{O!l#xO(bVOP!na[!naj!nar!na!]!na!p!na#R!na#o!na#p!na#q!na#r!na#s!na#t!na#u!na#v!na#w!na#y!na#{!na#|!na(s!na(z!na({!na~Oa!na'{!na'x!na!Y!na!k!nav!na!_!na%j!na!g!na~PKlO!k(dO~O!g#vO#`(eO(s'qO!](uXa(uX'{(uX~O!k(uX~PNXO!S%hO!_%iO!|]O#j(jO#k(iO(U%gO~O!](kO!k(tX~O!k(mO~O!S%hO!_%iO#k(iO(U%gO~OP(hXR(hX[(hXj(hXr(hX!Q(hX!S(hX!](hX!l(hX!p(hX#R(hX#o(hX#p(hX#q(hX#r(hX#s(hX#t(hX#u(hX#v(hX#w(hX#y(hX#{(hX#|(hX(b(hX(s(hX(z(hX({(hX~O!g#vO!k(hX~P! uOR(oO!Q(nO!l#xO#S$dO!|!{a!S!{a~O!x!{a%i!{a!_!{a#j!{a#k!{a(U!{a~P!#vO!x(sO~OPYOQYOSfOd!jOe!iOpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_XO!iuO!lZO!oYO!pYO!qYO!svO!u!gO!x!hO$X!kO$oiO(U!dO(WTO(ZUO(bVO(p[O~Oh%VOp%WOr%XOs$tOt$tOz%YO|%ZO!O<uO!S${O!_$|O!i>WO!l$xO#k<{O$X%`O$u<wO$w<yO$z%aO(U(wO(WTO(ZUO(b$uO(z$}O({%PO~O#l(yO~O![({O!k(lP~P%[O(f(}O(p[O~O!S)PO!l#xO(f(}O(p[O~OP<WOQ<WOSfOd>SOe!iOpkOr<WOskOtkOzkO|<WO!O<WO!SWO!WkO!XkO!_!eO!i<ZO!lZO!o<WO!p<WO!q<WO!s<[O!u<_O!x!hO$X!kO$o>QO(U)^O(WTO(ZUO(bVO(p[O~O!]$_Oa$ra'{$ra'x$ra!k$ra!Y$ra!_$ra%j$ra!g$ra~Ol)eO~P!&zOh%VOp%WOr%XOs$tOt$tOz%YO|%ZO!O%]O!S${O!_$|O!i%bO!l$xO#k%cO$X%`O$u%^O$w%_O$z%aO(U(wO(WTO(ZUO(b$uO(z$}O({%PO~Og(qP~P!,TO!Q)jO!g)iO!_$_X$[$_X$^$_X$`$_X$g$_X~O!g)iO!_(|X$[(|X$^(|X$`(|X$g(|X~O!Q)jO~P!.^O!Q)jO!_(|X$[(|X$^(|X$`(|X$g(|X~O!_)lO$[)pO$^)kO$`)kO$g)qO~O![)tO~P!)[O$^$hO$`$gO$g)xO~On${X!Q${X#S${X'z${X(z${X({${X~OgmXg${XnmX!]mX#`mX~P!0SOx)zO(c){O(d)}O~On*WO!Q*PO'z*QO(z$}O({%PO~Og*OO~P!1WOg*XO~Oh%VOr%XOs$tOt$tOz%YO|%ZO!O<uO!S*ZO!_*[O!i>WO!l$xO#k<{O$X%`O$u<wO$w<yO$z%aO(WTO(ZUO(b$uO(z$}O({%PO~Op*aO![*_O(U*YO!k)PP~P!1uO#l*bO~O!l*cO~Oh%VOp%WOr%XOs$tOt$tOz%YO|%ZO!O<uO!S${O!_$|O!i>WO!l$xO#k<{O$X%`O$u<wO$w<yO$z%aO(U*eO(WTO(ZUO(b$uO(z$}O({%PO~O![*hO!Y)QP~P!3tOr*tOs!nO!S*jO!b*rO!c*lO!d*lO!l*cO#[*sO%a*nO(V!lO(WTO(ZUO(f!mO~O!^*qO~P!5iO#S$dOn(aX!Q(aX'z(aX(z(aX({(aX!](aX#`(aX~Og(aX$P(aX~P!6kOn*yO#`*xOg(`X!](`X~O!]*zOg(_X~Oj%dOk%dOl%dO(U&ZOg(_P~Os*}O~Og*OO(U&ZO~O!l+TO~O(U(wO~Op+XO!S%hO![#iO!_%iO!|]O#j#lO#k#iO(U%gO!k(tP~O!g#vO#l+YO~O!S%hO![+[O!](_O!_%iO(U%gO!Y(wP~Os']O!S+_O![+^O(WTO(ZUO(f+]O~O!^(yP~P!9|O!]+`Oa)UX'{)UX~OP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO#w$SO#y$UO#{$WO#|$XO(bVO(s$YO(z#|O({#}O~Oa!ja!]!ja'{!ja'x!ja!Y!ja!k!jav!ja!_!ja%j!ja!g!ja~P!:tO(f(}O~OR#zO!Q#yO!S#{O!l#xO(bVOP!ra[!raj!rar!ra!]!ra!p!ra#R!ra#o!ra#p!ra#q!ra#r!ra#s!ra#t!ra#u!ra#v!ra#w!ra#y!ra#{!ra#|!ra(s!ra(z!ra({!ra~Oa!ra'{!ra'x!ra!Y!ra!k!rav!ra!_!ra%j!ra!g!ra~P!=aOR#zO!Q#yO!S#{O!l#xO(bVOP!ta[!taj!tar!ta!]!ta!p!ta#R!ta#o!ta#p!ta#q!ta#r!ta#s!ta#t!ta#u!ta#v!ta#w!ta#y!ta#{!ta#|!ta(s!ta(z!ta({!ta~Oa!ta'{!ta'x!ta!Y!ta!k!tav!ta!_!ta%j!ta!g!ta~P!?wOh%VOn+iO!_'aO%j+hO~O!g+kOa(^X!_(^X'{(^X!](^X~Oa%nO!_XO'{%nO~Oh%VO!l%eO~Oh%VO!l%eO(U%gO~O!g#vO#l(yO~Ob+vO%k+wO(U+sO(WTO(ZUO!^)YP~O!]+xO`)XX~O[+|O~O`+}O~O!_&PO(U%gO(V!lO`)XP~O%k,QO~P;SOh%VO#`,UO~Oh%VOn,XO!_$|O~O!_,ZO~O!Q,]O!_XO~O%o%vO~O!x,bO~Oe,gO~Ob,hO(U#nO(WTO(ZUO!^)WP~Oe%}O~O%k!QO(U&ZO~P=gO[,mO`,lO~OPYOQYOSfOdzOeyOpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!iuO!lZO!oYO!pYO!qYO!svO!xxO!|]O$oiO%i}O(WTO(ZUO(bVO(p[O~O!_!eO!u!gO$X!kO(U!dO~P!GOO`,lOa%nO'{%nO~OPYOQYOSfOd!jOe!iOpkOrYOskOtkOzkO|YO!OYO!SWO!WkO!XkO!_!eO!iuO!lZO!oYO!pYO!qYO!svO!x!hO$X!kO$oiO(U!dO(WTO(ZUO(bVO(p[O~Oa,rOl!OO!uwO%m!OO%n!OO%o!OO~P!IhO!l&oO~O&_,xO~O!_,zO~O&p,|O&r,}OP&maQ&maS&maY&maa&mad&mae&mal&map&mar&mas&mat&maz&ma|&ma!O&ma!S&ma!W&ma!X&ma!_&ma!i&ma!l&ma!o&ma!p&ma!q&ma!s&ma!u&ma!x&ma!|&ma$X&ma$o&ma%i&ma%k&ma%m&ma%n&ma%o&ma%r&ma%t&ma%w&ma%x&ma%z&ma&X&ma&_&ma&a&ma&c&ma&e&ma&h&ma&n&ma&t&ma&v&ma&x&ma&z&ma&|&ma'x&ma(U&ma(W&ma(Z&ma(b&ma(p&ma!^&ma&f&mab&ma&k&ma~O(U-SO~Oh!eX!]#iX!^#iX!g!RX!g!eX!l!eX#`#iX~O!]!eX!^!eX~P#!nO!g-WOh(kX!](kX!^(kX!g(kX!l(kXr(kX(s(kX~Oh%VO!g-YO!l%eO!]!aX!^!aX~Os!nO!S!oO(WTO(ZUO(f!mO~OP<WOQ<WOSfOd>SOe!iOpkOr<WOskOtkOzkO|<WO!O<WO!SWO!WkO!XkO!_!eO!i<ZO!lZO!o<WO!p<WO!q<WO!s<[O!u<_O!x!hO$X!kO$o>QO(WTO(ZUO(bVO(p[O~O(U=RO~P#$oO!]-^O!^(jX~O!^-`O~O#`-aO!]#hX!^#hX~O!g-WO~O!]-bO!^(yX~O!^-dO~O!c-eO!d-eO(V!lO~P#$^O!^-hO~P'_On-kO!_'aO~O!Y-pO~Os!{a!b!{a!c!{a!d!{a#T!{a#U!{a#V!{a#W!{a#X!{a#[!{a#]!{a(V!{a(W!{a(Z!{a(f!{a(p!{a~P!#vO!p-uO#`-sO~PChO!c-wO!d-wO(V!lO~PDWOa%nO#`-sO'{%nO~Oa%nO!g#vO#`-sO'{%nO~Oa%nO!g#vO!p-uO#`-sO'{%nO(s'qO~O(Q'yO(R'yO(S-|O~Ov-}O~O!Y'Xa!]'Xa~P!:tO![.RO!Y'XX!]'XX~P%[O!](WO!Y(ia~O!Y(ia~PHRO!](_O!Y(wa~O!S%hO![.VO!_%iO(U%gO!Y'_X!]'_X~O#`.XO!](ua!k(uaa(ua'{(ua~O!g#vO~P#,wO!](kO!k(ta~O!S%hO!_%iO#k.]O(U%gO~Op.bO!S%hO![._O!_%iO!|]O#j.aO#k._O(U%gO!]'bX!k'bX~OR.fO!l#xO~Oh%VOn.iO!_'aO%j.hO~Oa#ci!]#ci'{#ci'x#ci!Y#ci!k#civ#ci!_#ci%j#ci!g#ci~P!:tOn>^O!Q*PO'z*QO(z$}O({%PO~O#l#_aa#_a#`#_a'{#_a!]#_a!k#_a!_#_a!Y#_a~P#/sO#l(aXP(aXR(aX[(aXa(aXj(aXr(aX!S(aX!l(aX!p(aX#R(aX#o(aX#p(aX#q(aX#r(aX#s(aX#t(aX#u(aX#v(aX#w(aX#y(aX#{(aX#|(aX'{(aX(b(aX(s(aX!k(aX!Y(aX'x(aXv(aX!_(aX%j(aX!g(aX~P!6kO!].vO!k(lX~P!:tO!k.yO~O!Y.{O~OP$[OR#zO!Q#yO!S#{O!l#xO!p$[O(bVO[#nia#nij#nir#ni!]#ni#R#ni#p#ni#q#ni#r#ni#s#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni'{#ni(s#ni(z#ni({#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~O#o#ni~P#3cO#o$OO~P#3cOP$[OR#zOr$aO!Q#yO!S#{O!l#xO!p$[O#o$OO#p$PO#q$PO#r$PO(bVO[#nia#nij#ni!]#ni#R#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni'{#ni(s#ni(z#ni({#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~O#s#ni~P#6QO#s$QO~P#6QOP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO(bVOa#ni!]#ni#y#ni#{#ni#|#ni'{#ni(s#ni(z#ni({#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~O#w#ni~P#8oOP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO#w$SO(bVO({#}Oa#ni!]#ni#{#ni#|#ni'{#ni(s#ni(z#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~O#y$UO~P#;VO#y#ni~P#;VO#w$SO~P#8oOP$[OR#zO[$cOj$ROr$aO!Q#yO!S#{O!l#xO!p$[O#R$RO#o$OO#p$PO#q$PO#r$PO#s$QO#t$RO#u$RO#v$bO#w$SO#y$UO(bVO(z#|O({#}Oa#ni!]#ni#|#ni'{#ni(s#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~O#{#ni~P#={O#{$WO~P#={OP]XR]X[]Xj]Xr]X!Q]X!S]X!l]X!p]X#R]X#S]X#`]X#lfX#o]X#p]X#q]X#r]X#s]X#t]X#u]X#v]X#w]X#y]X#{]X#|]X$R]X(b]X(s]X(z]X({]X!]]X!^]X~O$P]X~P#@jOP$[OR#zO[<oOj<dOr<mO!Q#yO!S#{O!l#xO!p$[O#R<dO#o<aO#p<bO#q<bO#r<bO#s<cO#t<dO#u<dO#v<nO#w<eO#y<gO#{<iO#|<jO(bVO(s$YO(z#|O({#}O~O$P.}O~P#BwO#S$dO#`<pO$R<pO$P(hX!^(hX~P! uOa'ea!]'ea'{'ea'x'ea!k'ea!Y'eav'ea!_'ea%j'ea!g'ea~P!:tO[#nia#nij#nir#ni!]#ni#R#ni#s#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni'{#ni(s#ni'x#ni!Y#ni!k#niv#ni!_#ni%j#ni!g#ni~OP$[OR#zO!Q#yO!S#{O!l#xO!p$[O#o$OO#p$PO#q$PO#r$PO(bVO(z#ni({#ni~P#EyOn>^O!Q*PO'z*QO(z$}O({%POP#niR#ni!S#ni!l#ni!p#ni#o#ni#p#ni#q#ni#r#ni(b#ni~P#EyO!]/ROg(qX~P!1WOg/TO~Oa$Qi!]$Qi'{$Qi'x$Qi!Y$Qi!k$Qiv$Qi!_$Qi%j$Qi!g$Qi~P!:tO$^/UO$`/UO~O$^/VO$`/VO~O!g)iO#`/WO!_$dX$[$dX$^$dX$`$dX$g$dX~O![/XO~O!_)lO$[/ZO$^)kO$`)kO$g/[O~O!]<kO!^(gX~P#BwO!^/]O~O!g)iO$g(|X~O$g/_O~Ov/`O~P!&zOx)zO(c){O(d/cO~O!S/fO~O(z$}On%ba!Q%ba'z%ba({%ba!]%ba#`%ba~Og%ba$P%ba~P#L{O({%POn%da!Q%da'z%da(z%da!]%da#`%da~Og%da$P%da~P#MnO!]fX!gfX!kfX!k${X(sfX~P!0SOp%WO![/oO!](_O(U/nO!Y(wP!Y)QP~P!1uOr*tO!b*rO!c*lO!d*lO!l*cO#[*sO%a*nO(V!lO(WTO(ZUO~Os'UO!S/pO![+^O!^*qO(f=OO!^(yP~P$ [O!k/qO~P#/sO!]/rO!g#vO(s'qO!k)PX~O!k/wO~OnoX!QoX'zoX(zoX({oX~O!g#vO!koX~P$#OOp/yO!S%hO![*_O!_%iO(U%gO!k)PP~O#l/zO~O!Y${X!]${X!g%SX~P!0SO!]/{O!Y)QX~P#/sO!g/}O~O!Y0PO~OpkO(U0QO~P.iOh%VOr0VO!g#vO!l%eO(s'qO~O!g+kO~Oa%nO!]0ZO'{%nO~O!^0]O~P!5iO!c0^O!d0^O(V!lO~P#$^Os!nO!S0_O(WTO(ZUO(f!mO~O#[0aO~Og%ba!]%ba#`%ba$P%ba~P!1WOg%da!]%da#`%da$P%da~P!1WOj%dOk%dOl%dO(U&ZOg'nX!]'nX~O!]*zOg(_a~Og0jO~On0lO#`0kOg(`a!](`a~OR0mO!Q0mO!S0nO#S$dOn}a'z}a(z}a({}a!]}a#`}a~Og}a$P}a~P$(cO!Q*PO'z*QOn$ta(z$ta({$ta!]$ta#`$ta~Og$ta$P$ta~P$)_O!Q*PO'z*QOn$va(z$va({$va!]$va#`$va~Og$va$P$va~P$*QO#l0qO~Og%Ua!]%Ua#`%Ua$P%Ua~P!1WO!g#vO~O#l0tO~O!]#iX!^#iX!g!RX#`#iX~O!]+`Oa)Ua'{)Ua~OR#zO!Q#yO!S#{O!l#xO(bVOP!ri[!rij!rir!ri!]!ri!p!ri#R!ri#o!ri#p!ri#q!ri#r!ri#s!ri#t!ri#u!ri#v!ri#w!ri#y!ri#{!ri#|!ri(s!ri(z!ri({!ri~Oa!ri'{!ri'x!ri!Y!ri!k!riv!ri!_!ri%j!ri!g!ri~P$+}Oh%VOr%XOs$tOt$tOz%YO|%ZO!O<uO!S${O!_$|O!i>WO!l$xO#k<{O$X%`O$u<wO$w<yO$z%aO(WTO(ZUO(b$uO(z$}O({%PO~Op0}O%^1OO(U0|O~P$.eO!g+kOa(^a!_(^a'{(^a!](^a~O#l1UO~O[]X!]fX!^fX~O!]1VO!^)YX~O!^1XO~O[1YO~Ob1[O(U+sO(WTO(ZUO~O!_&PO(U%gO`'vX!]'vX~O!]+xO`)Xa~O!k1_O~P!:tO[1bO~O`1cO~O#`1hO~On1kO!_$|O~O(f(}O!^)VP~Oh%VOn1tO!_1qO%j1sO~O[2OO!]1|O!^)WX~O!^2PO~O`2ROa%nO'{%nO~O(U#nO(WTO(ZUO~O#S$dO#`$eO$R$eOP(hXR(hX[(hXr(hX!Q(hX!S(hX!](hX!l(hX!p(hX#R(hX#o(hX#p(hX#q(hX#r(hX#s(hX#t(hX#u(hX#v(hX#w(hX#y(hX#{(hX#|(hX(b(hX(s(hX(z(hX({(hX~Oj2UO&]2VOa(hX~P$4OOj2UO#`$eO&]2VO~Oa2XO~P%[Oa2ZO~O&f2^OP&diQ&diS&diY&dia&did&die&dil&dip&dir&dis&dit&diz&di|&di!O&di!S&di!W&di!X&di!_&di!i&di!l&di!o&di!p&di!q&di!s&di!u&di!x&di!|&di$X&di$o&di%i&di%k&di%m&di%n&di%o&di%r&di%t&di%w&di%x&di%z&di&X&di&_&di&a&di&c&di&e&di&h&di&n&di&t&di&v&di&x&di&z&di&|&di'x&di(U&di(W&di(Z&di(b&di(p&di!^&dib&di&k&di~Ob2dO!^2bO&k2cO~P`O!_XO!l2fO~O&r,}OP&miQ&miS&miY&mia&mid&mie&mil&mip&mir&mis&mit&miz&mi|&mi!O&mi!S&mi!W&mi!X&mi!_&mi!i&mi!l&mi!o&mi!p&mi!q&mi!s&mi!u&mi!x&mi!|&mi$X&mi$o&mi%i&mi%k&mi%m&mi%n&mi%o&mi%r&mi%t&mi%w&mi%x&mi%z&mi&X&mi&_&mi&a&mi&c&mi&e&mi&h&mi&n&mi&t&mi&v&mi&x&mi&z&mi&|&mi'x&mi(U&mi(W&mi(Z&mi(b&mi(p&mi!^&mi&f&mib&mi&k&mi~O!Y2lO~O!]!aa!^!aa~P#BwOs!nO!S!oO![2qO(f!mO!]'YX!^'YX~P@nO!]-^O!^(ja~O!]'`X!^'`X~P!9|O!]-bO!^(ya~O!^2yO~P'_Oa%nO#`3SO'{%nO~Oa%nO!g#vO#`3SO'{%nO~Oa%nO!g#vO!p3WO#`3SO'{%nO(s'qO~Oa%nO'{%nO~P!:tO!]$_Ov$ra~O!Y'Xi!]'Xi~P!:tO!](WO!Y(ii~O!](_O!Y(wi~O!Y(xi!](xi~P!:tO!](ui!k(uia(ui'{(ui~P!:tO#`3YO!](ui!k(uia(ui'{(ui~O!](kO!k(ti~O!S%hO!_%iO!|]O#j3_O#k3^O(U%gO~O!S%hO!_%iO#k3^O(U%gO~On3fO!_'aO%j3eO~Oh%VOn3fO!_'aO%j3eO~O#l%baP%baR%ba[%baa%baj%bar%ba!S%ba!l%ba!p%ba#R%ba#o%ba#p%ba#q%ba#r%ba#s%ba#t%ba#u%ba#v%ba#w%ba#y%ba#{%ba#|%ba'{%ba(b%ba(s%ba!k%ba!Y%ba'x%bav%ba!_%ba%j%ba!g%ba~P#L{O#l%daP%daR%da[%daa%daj%dar%da!S%da!l%da!p%da#R%da#o%da#p%da#q%da#r%da#s%da#t%da#u%da#v%da#w%da#y%da#{%da#|%da'{%da(b%da(s%da!k%da!Y%da'x%dav%da!_%da%j%da!g%da~P#MnO#l%baP%baR%ba[%baa%baj%bar%ba!S%ba!]%ba!l%ba!p%ba#R%ba#o%ba#p%ba#q%ba#r%ba#s%ba#t%ba#u%ba#v%ba#w%ba#y%ba#{%ba#|%ba'{%ba(b%ba(s%ba!k%ba!Y%ba'x%ba#`%bav%ba!_%ba%j%ba!g%ba~P#/sO#l%daP%daR%da[%daa%daj%dar%da!S%da!]%da!l%da!p%da#R%da#o%da#p%da#q%da#r%da#s%da#t%da#u%da#v%da#w%da#y%da#{%da#|%da'{%da(b%da(s%da!k%da!Y%da'x%da#`%dav%da!_%da%j%da!g%da~P#/sO#l}aP}a[}aa}aj}ar}a!l}a!p}a#R}a#o}a#p}a#q}a#r}a#s}a#t}a#u}a#v}a#w}a#y}a#{}a#|}a'{}a(b}a(s}a!k}a!Y}a'x}av}a!_}a%j}a!g}a~P$(cO#l$taP$taR$ta[$taa$taj$tar$ta!S$ta!l$ta!p$ta#R$ta#o$ta#p$ta#q$ta#r$ta#s$ta#t$ta#u$ta#v$ta#w$ta#y$ta#{$ta#|$ta'{$ta(b$ta(s$ta!k$ta!Y$ta'x$tav$ta!_$ta%j$ta!g$ta~P$)_O#l$vaP$vaR$va[$vaa$vaj$var$va!S$va!l$va!p$va#R$va#o$va#p$va#q$va#r$va#s$va#t$va#u$va#v$va#w$va#y$va#{$va#|$va'{$va(b$va(s$va!k$va!Y$va'x$vav$va!_$va%j$va!g$va~P$*QO#l%UaP%UaR%Ua[%Uaa%Uaj%Uar%Ua!S%Ua!]%Ua!l%Ua!p%Ua#R%Ua#o%Ua#p%Ua#q%Ua#r%Ua#s%Ua#t%Ua#u%Ua#v%Ua#w%Ua#y%Ua#{%Ua#|%Ua'{%Ua(b%Ua(s%Ua!k%Ua!Y%Ua'x%Ua#`%Uav%Ua!_%Ua%j%Ua!g%Ua~P#/sOa#cq!]#cq'{#cq'x#cq!Y#cq!k#cqv#cq!_#cq%j#cq!g#cq~P!:tO![3nO!]'ZX!k'ZX~P%[O!].vO!k(la~O!].vO!k(la~P!:tO!Y3qO~O$P!na!^!na~PKlO$P!ja!]!ja!^!ja~P#BwO$P!ra!^!ra~P!=aO$P!ta!^!ta~P!?wOg'^X!]'^X~P!,TO!]/ROg(qa~OSfO!_4VO$e4WO~O!^4[O~Ov4]O~P#/sOa$nq!]$nq'{$nq'x$nq!Y$nq!k$nqv$nq!_$nq%j$nq!g$nq~P!:tO!Y4_O~P!&zO!S4`O~O!Q*PO'z*QO({%POn'ja(z'ja!]'ja#`'ja~Og'ja$P'ja~P%-tO!Q*PO'z*QOn'la(z'la({'la!]'la#`'la~Og'la$P'la~P%.gO(s$YO~P#/sO!YfX!Y${X!]fX!]${X!g%SX#`fX~P!0SOp%WO(U=XO~P!1uOp4dO!S%hO![4cO!_%iO(U%gO!]'fX!k'fX~O!]/rO!k)Pa~O!]/rO!g#vO!k)Pa~O!]/rO!g#vO(s'qO!k)Pa~Og$}i!]$}i#`$}i$P$}i~P!1WO![4lO!Y'hX!]'hX~P!3tO!]/{O!Y)Qa~O!]/{O!Y)Qa~P#/sOP]XR]X[]Xj]Xr]X!Q]X!S]X!Y]X!]]X!l]X!p]X#R]X#S]X#`]X#lfX#o]X#p]X#q]X#r]X#s]X#t]X#u]X#v]X#w]X#y]X#{]X#|]X$R]X(b]X(s]X(z]X({]X~Oj%ZX!g%ZX~P%2^Oj4qO!g#vO~Oh%VO!g#vO!l%eO~Oh%VOr4vO!l%eO(s'qO~Or4{O!g#vO(s'qO~Os!nO!S4|O(WTO(ZUO(f!mO~O(z$}On%bi!Q%bi'z%bi({%bi!]%bi#`%bi~Og%bi$P%bi~P%5}O({%POn%di!Q%di'z%di(z%di!]%di#`%di~Og%di$P%di~P%6pOg(`i!](`i~P!1WO#`5SOg(`i!](`i~P!1WO!k5XO~Oa$pq!]$pq'{$pq'x$pq!Y$pq!k$pqv$pq!_$pq%j$pq!g$pq~P!:tO!Y5]O~O!]5^O!_)RX~P#/sOa${X!_${X%_]X'{${X!]${X~P!0SO%_5aOaoX!_oX'{oX!]oX~P$#OOp5bO(U#nO~O%_5aO~Ob5hO%k5iO(U+sO(WTO(ZUO!]'uX!^'uX~O!]1VO!^)Ya~O[5mO~O`5nO~O[5rO~Oa%nO'{%nO~P#/sO!]5wO#`5yO!^)VX~O!^5zO~Or6QOs!nO!S*jO!b!yO!c!vO!d!vO!|<XO#T!pO#U!pO#V!pO#W!pO#X!pO#[6PO#]!zO(V!lO(WTO(ZUO(f!mO(p!sO~O!^6OO~P%;sOn6VO!_1qO%j6UO~Oh%VOn6VO!_1qO%j6UO~Ob6^O(U#nO(WTO(ZUO!]'tX!^'tX~O!]1|O!^)Wa~O(WTO(ZUO(f6`O~O`6dO~Oj6gO&]6hO~PNXO!k6iO~P%[Oa6kO~Oa6kO~P%[Ob2dO!^6pO&k2cO~P`O!g6rO~O!g6tOh(ki!](ki!^(ki!g(ki!l(kir(ki(s(ki~O#`6uO!]#hi!^#hi~O!]!ai!^!ai~P#BwO!]#hi!^#hi~P#BwOa%nO#`7OO'{%nO~Oa%nO!g#vO#`7OO'{%nO~O!](uq!k(uqa(uq'{(uq~P!:tO!](kO!k(tq~O!S%hO!_%iO#k7VO(U%gO~O!_'aO%j7YO~On7^O!_'aO%j7YO~O#l'jaP'jaR'ja['jaa'jaj'jar'ja!S'ja!l'ja!p'ja#R'ja#o'ja#p'ja#q'ja#r'ja#s'ja#t'ja#u'ja#v'ja#w'ja#y'ja#{'ja#|'ja'{'ja(b'ja(s'ja!k'ja!Y'ja'x'jav'ja!_'ja%j'ja!g'ja~P%-tO#l'laP'laR'la['laa'laj'lar'la!S'la!l'la!p'la#R'la#o'la#p'la#q'la#r'la#s'la#t'la#u'la#v'la#w'la#y'la#{'la#|'la'{'la(b'la(s'la!k'la!Y'la'x'lav'la!_'la%j'la!g'la~P%.gO#l$}iP$}iR$}i[$}ia$}ij$}ir$}i!S$}i!]$}i!l$}i!p$}i#R$}i#o$}i#p$}i#q$}i#r$}i#s$}i#t$}i#u$}i#v$}i#w$}i#y$}i#{$}i#|$}i'{$}i(b$}i(s$}i!k$}i!Y$}i'x$}i#`$}iv$}i!_$}i%j$}i!g$}i~P#/sO#l%biP%biR%bi[%bia%bij%bir%bi!S%bi!l%bi!p%bi#R%bi#o%bi#p%bi#q%bi#r%bi#s%bi#t%bi#u%bi#v%bi#w%bi#y%bi#{%bi#|%bi'{%bi(b%bi(s%bi!k%bi!Y%bi'x%biv%bi!_%bi%j%bi!g%bi~P%5}O#l%diP%diR%di[%dia%dij%dir%di!S%di!l%di!p%di#R%di#o%di#p%di#q%di#r%di#s%di#t%di#u%di#v%di#w%di#y%di#{%di#|%di'{%di(b%di(s%di!k%di!Y%di'x%div%di!_%di%j%di!g%di~P%6pO!]'Za!k'Za~P!:tO!].vO!k(li~O$P#ci!]#ci!^#ci~P#BwOP$[OR#zO!Q#yO!S#{O!l#xO!p$[O(bVO[#nij#nir#ni#R#ni#p#ni#q#ni#r#ni#s#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni$P#ni(s#ni(z#ni({#ni!]#ni!^#ni~O#o#ni~P%NrO#o<aO~P%NrOP$[OR#zOr<mO!Q#yO!S#{O!l#xO!p$[O#o<aO#p<bO#q<bO#r<bO(bVO[#nij#ni#R#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni$P#ni(s#ni(z#ni({#ni!]#ni!^#ni~O#s#ni~P&!zO#s<cO~P&!zOP$[OR#zO[<oOj<dOr<mO!Q#yO!S#{O!l#xO!p$[O#R<dO#o<aO#p<bO#q<bO#r<bO#s<cO#t<dO#u<dO#v<nO(bVO#y#ni#{#ni#|#ni$P#ni(s#ni(z#ni({#ni!]#ni!^#ni~O#w#ni~P&%SOP$[OR#zO[<oOj<dOr<mO!Q#yO!S#{O!l#xO!p$[O#R<dO#o<aO#p<bO#q<bO#r<bO#s<cO#t<dO#u<dO#v<nO#w<eO(bVO({#}O#{#ni#|#ni$P#ni(s#ni(z#ni!]#ni!^#ni~O#y<gO~P&'TO#y#ni~P&'TO#w<eO~P&%SOP$[OR#zO[<oOj<dOr<mO!Q#yO!S#{O!l#xO!p$[O#R<dO#o<aO#p<bO#q<bO#r<bO#s<cO#t<dO#u<dO#v<nO#w<eO#y<gO(bVO(z#|O({#}O#|#ni$P#ni(s#ni!]#ni!^#ni~O#{#ni~P&)dO#{<iO~P&)dOa#}y!]#}y'{#}y'x#}y!Y#}y!k#}yv#}y!_#}y%j#}y!g#}y~P!:tO[#nij#nir#ni#R#ni#s#ni#t#ni#u#ni#v#ni#w#ni#y#ni#{#ni#|#ni$P#ni(s#ni!]#ni!^#ni~OP$[OR#zO!Q#yO!S#{O!l#xO!p$[O#o<aO#p<bO#q<bO#r<bO(bVO(z#ni({#ni~P&,`On>_O!Q*PO'z*QO(z$}O({%POP#niR#ni!S#ni!l#ni!p#ni#o#ni#p#ni#q#ni#r#ni(b#ni~P&,`O#S$dOP(aXR(aX[(aXj(aXn(aXr(aX!Q(aX!S(aX!l(aX!p(aX#R(aX#o(aX#p(aX#q(aX#r(aX#s(aX#t(aX#u(aX#v(aX#w(aX#y(aX#{(aX#|(aX$P(aX'z(aX(b(aX(s(aX(z(aX({(aX!](aX!^(aX~O$P$Qi!]$Qi!^$Qi~P#BwO$P!ri!^!ri~P$+}Og'^a!]'^a~P!1WO!^7pO~O!]'ea!^'ea~P#BwO!Y7qO~P#/sO!g#vO(s'qO!]'fa!k'fa~O!]/rO!k)Pi~O!]/rO!g#vO!k)Pi~Og$}q!]$}q#`$}q$P$}q~P!1WO!Y'ha!]'ha~P#/sO!g7xO~O!]/{O!Y)Qi~P#/sO!]/{O!Y)Qi~O!Y7{O~Oh%VOr8QO!l%eO(s'qO~Oj8SO!g#vO~Or8VO!g#vO(s'qO~O!Q*PO'z*QO({%POn'ka(z'ka!]'ka#`'ka~Og'ka$P'ka~P&5aO!Q*PO'z*QOn'ma(z'ma({'ma!]'ma#`'ma~Og'ma$P'ma~P&6SOg(`q!](`q~P!1WO#`8XOg(`q!](`q~P!1WO!Y8YO~Og%Pq!]%Pq#`%Pq$P%Pq~P!1WOa$py!]$py'{$py'x$py!Y$py!k$pyv$py!_$py%j$py!g$py~P!:tO!g6tO~O!]5^O!_)Ra~O!_'aOP$UaR$Ua[$Uaj$Uar$Ua!Q$Ua!S$Ua!]$Ua!l$Ua!p$Ua#R$Ua#o$Ua#p$Ua#q$Ua#r$Ua#s$Ua#t$Ua#u$Ua#v$Ua#w$Ua#y$Ua#{$Ua#|$Ua(b$Ua(s$Ua(z$Ua({$Ua~O%j7YO~P&8tO%_8^Oa%]i!_%]i'{%]i!]%]i~Oa#cy!]#cy'{#cy'x#cy!Y#cy!k#cyv#cy!_#cy%j#cy!g#cy~P!:tO[8`O~Ob8bO(U+sO(WTO(ZUO~O!]1VO!^)Yi~O`8fO~O(f(}O!]'qX!^'qX~O!]5wO!^)Va~O!^8pO~P%;sO(p!sO~P$&YO#[8qO~O!_1qO~O!_1qO%j8sO~On8vO!_1qO%j8sO~O[8{O!]'ta!^'ta~O!]1|O!^)Wi~O!k9PO~O!k9QO~O!k9TO~O!k9TO~P%[Oa9VO~O!g9WO~O!k9XO~O!](xi!^(xi~P#BwOa%nO#`9aO'{%nO~O!](uy!k(uya(uy'{(uy~P!:tO!](kO!k(ty~O%j9dO~P&8tO!_'aO%j9dO~O#l$}qP$}qR$}q[$}qa$}qj$}qr$}q!S$}q!]$}q!l$}q!p$}q#R$}q#o$}q#p$}q#q$}q#r$}q#s$}q#t$}q#u$}q#v$}q#w$}q#y$}q#{$}q#|$}q'{$}q(b$}q(s$}q!k$}q!Y$}q'x$}q#`$}qv$}q!_$}q%j$}q!g$}q~P#/sO#l'kaP'kaR'ka['kaa'kaj'kar'ka!S'ka!l'ka!p'ka#R'ka#o'ka#p'ka#q'ka#r'ka#s'ka#t'ka#u'ka#v'ka#w'ka#y'ka#{'ka#|'ka'{'ka(b'ka(s'ka!k'ka!Y'ka'x'kav'ka!_'ka%j'ka!g'ka~P&5aO#l'maP'maR'ma['maa'maj'mar'ma!S'ma!l'ma!p'ma#R'ma#o'ma#p'ma#q'ma#r'ma#s'ma#t'ma#u'ma#v'ma#w'ma#y'ma#{'ma#|'ma'{'ma(b'ma(s'ma!k'ma!Y'ma'x'mav'ma!_'ma%j'ma!g'ma~P&6SO#l%PqP%PqR%Pq[%Pqa%Pqj%Pqr%Pq!S%Pq!]%Pq!l%Pq!p%Pq#R%Pq#o%Pq#p%Pq#q%Pq#r%Pq#s%Pq#t%Pq#u%Pq#v%Pq#w%Pq#y%Pq#{%Pq#|%Pq'{%Pq(b%Pq(s%Pq!k%Pq!Y%Pq'x%Pq#`%Pqv%Pq!_%Pq%j%Pq!g%Pq~P#/sO!]'Zi!k'Zi~P!:tO$P#cq!]#cq!^#cq~P#BwO(z$}OP%baR%ba[%baj%bar%ba!S%ba!l%ba!p%ba#R%ba#o%ba#p%ba#q%ba#r%ba#s%ba#t%ba#u%ba#v%ba#w%ba#y%ba#{%ba#|%ba$P%ba(b%ba(s%ba!]%ba!^%ba~On%ba!Q%ba'z%ba({%ba~P&JXO({%POP%daR%da[%daj%dar%da!S%da!l%da!p%da#R%da#o%da#p%da#q%da#r%da#s%da#t%da#u%da#v%da#w%da#y%da#{%da#|%da$P%da(b%da(s%da!]%da!^%da~On%da!Q%da'z%da(z%da~P&L`On>_O!Q*PO'z*QO({%PO~P&JXOn>_O!Q*PO'z*QO(z$}O~P&L`OR0mO!Q0mO!S0nO#S$dOP}a[}aj}an}ar}a!l}a!p}a#R}a#o}a#p}a#q}a#r}a#s}a#t}a#u}a#v}a#w}a#y}a#{}a#|}a$P}a'z}a(b}a(s}a(z}a({}a!]}a!^}a~O!Q*PO'z*QOP$taR$ta[$taj$tan$tar$ta!S$ta!l$ta!p$ta#R$ta#o$ta#p$ta#q$ta#r$ta#s$ta#t$ta#u$ta#v$ta#w$ta#y$ta#{$ta#|$ta$P$ta(b$ta(s$ta(z$ta({$ta!]$ta!^$ta~O!Q*PO'z*QOP$vaR$va[$vaj$van$var$va!S$va!l$va!p$va#R$va#o$va#p$va#q$va#r$va#s$va#t$va#u$va#v$va#w$va#y$va#{$va#|$va$P$va(b$va(s$va(z$va({$va!]$va!^$va~On>_O!Q*PO'z*QO(z$}O({%PO~OP%UaR%Ua[%Uaj%Uar%Ua!S%Ua!l%Ua!p%Ua#R%Ua#o%Ua#p%Ua#q%Ua#r%Ua#s%Ua#t%Ua#u%Ua#v%Ua#w%Ua#y%Ua#{%Ua#|%Ua$P%Ua(b%Ua(s%Ua!]%Ua!^%Ua~P''eO$P$nq!]$nq!^$nq~P#BwO$P$pq!]$pq!^$pq~P#BwO!^9qO~O$P9rO~P!1WO!g#vO!]'fi!k'fi~O!g#vO(s'qO!]'fi!k'fi~O!]/rO!k)Pq~O!Y'hi!]'hi~P#/sO!]/{O!Y)Qq~Or9yO!g#vO(s'qO~O[9{O!Y9zO~P#/sO!Y9zO~Oj:RO!g#vO~Og(`y!](`y~P!1WO!]'oa!_'oa~P#/sOa%]q!_%]q'{%]q!]%]q~P#/sO[:WO~O!]1VO!^)Yq~O`:[O~O#`:]O!]'qa!^'qa~O!]5wO!^)Vi~P#BwO!S:_O~O!_1qO%j:bO~O(WTO(ZUO(f:gO~O!]1|O!^)Wq~O!k:jO~O!k:kO~O!k:lO~O!k:lO~P%[O#`:oO!]#hy!^#hy~O!]#hy!^#hy~P#BwO%j:tO~P&8tO!_'aO%j:tO~O$P#}y!]#}y!^#}y~P#BwOP$}iR$}i[$}ij$}ir$}i!S$}i!l$}i!p$}i#R$}i#o$}i#p$}i#q$}i#r$}i#s$}i#t$}i#u$}i#v$}i#w$}i#y$}i#{$}i#|$}i$P$}i(b$}i(s$}i!]$}i!^$}i~P''eO!Q*PO'z*QO({%POP'jaR'ja['jaj'jan'jar'ja!S'ja!l'ja!p'ja#R'ja#o'ja#p'ja#q'ja#r'ja#s'ja#t'ja#u'ja#v'ja#w'ja#y'ja#{'ja#|'ja$P'ja(b'ja(s'ja(z'ja!]'ja!^'ja~O!Q*PO'z*QOP'laR'la['laj'lan'lar'la!S'la!l'la!p'la#R'la#o'la#p'la#q'la#r'la#s'la#t'la#u'la#v'la#w'la#y'la#{'la#|'la$P'la(b'la(s'la(z'la({'la!]'la!^'la~O(z$}OP%biR%bi[%bij%bin%bir%bi!Q%bi!S%bi!l%bi!p%bi#R%bi#o%bi#p%bi#q%bi#r%bi#s%bi#t%bi#u%bi#v%bi#w%bi#y%bi#{%bi#|%bi$P%bi'z%bi(b%bi(s%bi({%bi!]%bi!^%bi~O({%POP%diR%di[%dij%din%dir%di!Q%di!S%di!l%di!p%di#R%di#o%di#p%di#q%di#r%di#s%di#t%di#u%di#v%di#w%di#y%di#{%di#|%di$P%di'z%di(b%di(s%di(z%di!]%di!^%di~O$P$py!]$py!^$py~P#BwO$P#cy!]#cy!^#cy~P#BwO!g#vO!]'fq!k'fq~O!]/rO!k)Py~O!Y'hq!]'hq~P#/sOr;OO!g#vO(s'qO~O[;SO!Y;RO~P#/sO!Y;RO~Og(`!R!](`!R~P!1WOa%]y!_%]y'{%]y!]%]y~P#/sO!]1VO!^)Yy~O!]5wO!^)Vq~O(U;ZO~O!_1qO%j;^O~O!k;aO~O%j;fO~P&8tOP$}qR$}q[$}qj$}qr$}q!S$}q!l$}q!p$}q#R$}q#o$}q#p$}q#q$}q#r$}q#s$}q#t$}q#u$}q#v$}q#w$}q#y$}q#{$}q#|$}q$P$}q(b$}q(s$}q!]$}q!^$}q~P''eO!Q*PO'z*QO({%POP'kaR'ka['kaj'kan'kar'ka!S'ka!l'ka!p'ka#R'ka#o'ka#p'ka#q'ka#r'ka#s'ka#t'ka#u'ka#v'ka#w'ka#y'ka#{'ka#|'ka$P'ka(b'ka(s'ka(z'ka!]'ka!^'ka~O!Q*PO'z*QOP'maR'ma['maj'man'mar'ma!S'ma!l'ma!p'ma#R'ma#o'ma#p'ma#q'ma#r'ma#s'ma#t'ma#u'ma#v'ma#w'ma#y'ma#{'ma#|'ma$P'ma(b'ma(s'ma(z'ma({'ma!]'ma!^'ma~OP%PqR%Pq[%Pqj%Pqr%Pq!S%Pq!l%Pq!p%Pq#R%Pq#o%Pq#p%Pq#q%Pq#r%Pq#s%Pq#t%Pq#u%Pq#v%Pq#w%Pq#y%Pq#{%Pq#|%Pq$P%Pq(b%Pq(s%Pq!]%Pq!^%Pq~P''eOg%f!Z!]%f!Z#`%f!Z$P%f!Z~P!1WO!Y;jO~P#/sOr;kO!g#vO(s'qO~O[;mO!Y;jO~P#/sO!]'qq!^'qq~P#BwO!]#h!Z!^#h!Z~P#BwO#l%f!ZP%f!ZR%f!Z[%f!Za%f!Zj%f!Zr%f!Z!S%f!Z!]%f!Z!l%f!Z!p%f!Z#R%f!Z#o%f!Z#p%f!Z#q%f!Z#r%f!Z#s%f!Z#t%f!Z#u%f!Z#v%f!Z#w%f!Z#y%f!Z#{%f!Z#|%f!Z'{%f!Z(b%f!Z(s%f!Z!k%f!Z!Y%f!Z'x%f!Z#`%f!Zv%f!Z!_%f!Z%j%f!Z!g%f!Z~P#/sOr;vO!g#vO(s'qO~O!Y;wO~P#/sOr<OO!g#vO(s'qO~O!Y<PO~P#/sOP%f!ZR%f!Z[%f!Zj%f!Zr%f!Z!S%f!Z!l%f!Z!p%f!Z#R%f!Z#o%f!Z#p%f!Z#q%f!Z#r%f!Z#s%f!Z#t%f!Z#u%f!Z#v%f!Z#w%f!Z#y%f!Z#{%f!Z#|%f!Z$P%f!Z(b%f!Z(s%f!Z!]%f!Z!^%f!Z~P''eOr<SO!g#vO(s'qO~Ov(gX~P1qO!Q%rO~P!)[O(V!lO~P!)[O!YfX!]fX#`fX~P%2^OP]XR]X[]Xj]Xr]X!Q]X!S]X!]]X!]fX!l]X!p]X#R]X#S]X#`]X#`fX#lfX#o]X#p]X#q]X#r]X#s]X#t]X#u]X#v]X#w]X#y]X#{]X#|]X$R]X(b]X(s]X(z]X({]X~O!gfX!k]X!kfX(sfX~P'LcOP<WOQ<WOSfOd>SOe!iOpkOr<WOskOtkOzkO|<WO!O<WO!SWO!WkO!XkO!_XO!i<ZO!lZO!o<WO!p<WO!q<WO!s<[O!u<_O!x!hO$X!kO$o>QO(U)^O(WTO(ZUO(bVO(p[O~O!]<kO!^$ra~Oh%VOp%WOr%XOs$tOt$tOz%YO|%ZO!O<vO!S${O!_$|O!i>XO!l$xO#k<|O$X%`O$u<xO$w<zO$z%aO(U(wO(WTO(ZUO(b$uO(z$}O({%PO~Ol)eO~P(#XOr!eX(s!eX~P#!nO!^]X!^fX~P'LcO!YfX!Y${X!]fX!]${X#`fX~P!0SO#l<`O~O!g#vO#l<`O~O#`<pO~Oj<dO~O#`=PO!](xX!^(xX~O#`<pO!](vX!^(vX~O#l=QO~Og=SO~P!1WO#l=YO~O#l=ZO~Og=SO(U&ZO~O!g#vO#l=[O~O!g#vO#l=QO~O$P=]O~P#BwO#l=^O~O#l=_O~O#l=dO~O#l=eO~O#l=fO~O#l=gO~O$P=hO~P!1WO$P=iO~P!1WOl=tO~P7eOk#S#T#U#W#X#[#j#k#v$o$u$w$z%^%_%i%j%k%r%t%w%x%z%|~(PT#p!X'}(V#qs#o#rr!Q(O$^(U$`(f~",
      goto: "$9_)^PPPPPP)_PP)bP)sP+X/^PPPP6lPP7SPP=PPPP@sPA]PA]PPPA]PCePA]PA]PA]PCiPCnPD]PIVPPPIZPPPPIZL^PPPLdMUPIZPIZPP! dIZPPPIZPIZP!#kIZP!'R!(W!(aP!)T!)X!)T!,fPPPPPPP!-V!(WPP!-g!/XP!2hIZIZ!2m!5y!:g!:g!>f!>nPPP!>tIZPPPPPPPPP!BTP!CbPPIZ!DsPIZPIZIZIZIZIZPIZ!FVP!IaP!LgP!Lk!Lu!Ly!LyP!I^P!L}!L}P#!TP#!XIZPIZ#!_#%dCiA]PA]PA]A]P#&qA]A]#)TA]#+{A]#.XA]A]#.w#1]#1]#1b#1k#1]#1vPP#1]PA]#2`A]#6_A]A]6lPPP#:dPPP#:}#:}P#:}P#;e#:}PP#;kP#;bP#;b#<O#;b#<j#<p#<s)bP#<v)bP#=P#=P#=PP)bP)bP)bP)bPP)bP#=V#=YP#=Y)bP#=^P#=aP)bP)bP)bP)bP)bP)b)bPP#=g#=m#=x#>O#>U#>[#>b#>p#>v#?Q#?W#?b#?h#?x#@O#@p#AS#AY#A`#An#BT#Cx#DW#D_#Ey#FX#Gy#HX#H_#He#Hk#Hu#H{#IR#I]#Io#IuPPPPPPPPPPP#I{PPPPPPP#Jp#M}$ g$ n$ vPPP$'bP$'k$*d$0}$1Q$1T$2S$2V$2^$2fP$2l$2oP$3]$3a$4X$5g$5l$6SPP$6X$6_$6c$6f$6j$6n$7j$8R$8j$8n$8q$8t$9O$9R$9V$9ZR!|RoqOXst!Z#d%m&r&t&u&w,u,z2^2aY!vQ'a-g1q5}Q%tvQ%|yQ&T|Q&j!VS'W!e-^Q'g!iS'm!r!yU*l$|*[*pQ+q%}S,O&V&WQ,f&dQ-e'`Q-o'hQ-w'nQ0^*rQ1d,QQ1{,gR<}<[%SdOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_,r,u,z-k-s.R.X.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3n4|6V6g6h6k7O8v9V9aS#q]<X!r)`$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TU+Q%]<u<vQ+v&PQ,h&gQ,o&oQ0z+iQ1P+kQ1[+wQ2T,mQ3b.iQ5b1OQ5h1VQ6^1|Q7[3fQ8b5iR9g7^'QkOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>T!S!nQ!r!v!y!z$|'W'`'a'm'n'o*l*p*r*s-^-e-g-w0^0a1q5}6P%[$ti#v$b$c$d$x${%O%Q%^%_%c)z*S*U*W*Z*b*h*x*y+h+k,U,X.h/R/f/o/z/{/}0b0d0k0l0q1h1k1s3e4`4a4l4q5S5^5a6U7Y7x8S8X8^8s9d9r9{:R:b:t;S;^;f;m<n<o<q<r<s<t<w<x<y<z<{<|=T=U=V=W=Y=Z=^=_=`=a=b=c=d=e=h=i>Q>Y>Z>^>_Q&X|S'U!e*[S']%i-bQ+v&PQ,R&WQ,h&gQ0p+TQ1[+wQ1a+}Q2S,lQ2T,mQ5h1VQ5q1cQ6^1|Q6a2OQ6b2RQ8b5iQ8e5nQ9O6dQ:Z8fQ:h8{R;X:[rnOXst!V!Z#d%m&i&r&t&u&w,u,z2^2aR,j&k&z^OPXYstuvwz!Z!`!g!j!o#S#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'c's(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>S>T[#]WZ#W#Z'X(U!b%jm#h#i#l$x%e%h(_(i(j(k*Z*_*c+[+^+`,q-W.V.].^._.a/o/r2f3^3_4c6t7VQ%wxQ%{yW&Q|&V&W,QQ&_!TQ'd!hQ'f!iQ(r#sS+p%|%}Q+t&PQ,a&bQ,e&dS-n'g'hQ.k(sQ1T+qQ1Z+wQ1]+xQ1`+|Q1v,bS1z,f,gQ3O-oQ5g1VQ5k1YQ5p1bQ6]1{Q8a5iQ8d5mQ8h5rQ:V8`R;V:W!U$zi$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>Z!^%yy!i!u%{%|%}'V'f'g'h'l'v*k+p+q-Z-n-o-v0T0W1T2w3O3V4t4u4x8P9}Q+j%wQ,V&[Q,Y&]Q,d&dQ.j(rQ1u,aU1y,e,f,gQ3g.kQ6W1vS6[1z1{Q8z6]#f>U#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_o>V<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=iW%Ti%V*z>QS&[!Q&iQ&]!RQ&^!SU+O%[%d=tR,T&Y%]%Si#v$b$c$d$x${%O%Q%^%_%c)z*S*U*W*Z*b*h*x*y+h+k,U,X.h/R/f/o/z/{/}0b0d0k0l0q1h1k1s3e4`4a4l4q5S5^5a6U7Y7x8S8X8^8s9d9r9{:R:b:t;S;^;f;m<n<o<q<r<s<t<w<x<y<z<{<|=T=U=V=W=Y=Z=^=_=`=a=b=c=d=e=h=i>Q>Y>Z>^>_T){$u)|V+Q%]<u<vW']!e%i*[-bS)O#y#zQ+e%rQ+{&SS.d(n(oQ1l,ZQ5V0mR8k5w'QkOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>T$i$^c#Y#e%q%s%u(T(Z(u(z)S)T)U)V)W)X)Y)Z)[)])_)a)c)h)r+f+z-[-z.P.U.W.u.x.|/O/P/Q/d0r2o2t3Q3X3m3r3s3t3u3v3w3x3y3z3{3|3}4O4R4S4Z5Z5e6w6}7S7c7d7m7n8m9Z9_9i9o9p:q;Y;b<Y=wT#TV#U'RkOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TQ'Y!eR2r-^!W!nQ!e!r!v!y!z$|'W'`'a'm'n'o*[*l*p*r*s-^-e-g-w0^0a1q5}6PR1n,]nqOXst!Z#d%m&r&t&u&w,u,z2^2aQ&y!^Q'w!xS(t#u<`Q+n%zQ,_&_Q,`&aQ-l'eQ-y'pS.t(y=QS0s+Y=[Q1R+oQ1p,^Q2e,|Q2g,}Q2n-XQ2|-mQ3P-qS5[0t=fQ5c1SS5f1U=gQ6v2pQ6z2}Q7P3UQ8_5dQ9[6xQ9]6{Q9`7QR:n9X$d$]c#Y#e%s%u(T(Z(u(z)S)T)U)V)W)X)Y)Z)[)])_)a)c)h)r+f+z-[-z.P.U.W.u.x.|/P/Q/d0r2o2t3Q3X3m3r3s3t3u3v3w3x3y3z3{3|3}4O4R4S4Z5Z5e6w6}7S7c7d7m7n8m9Z9_9i9o9p:q;Y;b<Y=wS(p#p'jQ)Q#zS+d%q/OS.e(o(qR3`.f'QkOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TS#q]<XQ&t!XQ&u!YQ&w![Q&x!]R2],xQ'b!hQ+g%wQ-j'dS.g(r+jQ2z-iW3d.j.k0y0{Q6y2{W7W3a3c3g5`U9c7X7Z7]U:s9e9f9hS;d:r:uQ;r;eR;z;sU!wQ'a-gT5{1q5}!Q_OXZ`st!V!Z#d#h%e%m&i&k&r&t&u&w(k,u,z.^2^2a]!pQ!r'a-g1q5}T#q]<X%^{OPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&o&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_+i,r,u,z-k-s.R.X.i.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3f3n4|6V6g6h6k7O7^8v9V9aS)O#y#zS.d(n(o!s=m$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TU$fd)`,oS(q#p'jU*w%R(x4QU0o+P.p7iQ5`0zQ7X3bQ9f7[R:u9gm!tQ!r!v!y!z'a'm'n'o-g-w1q5}6PQ'u!uS(g#g2WS-u'l'xQ/u*^Q0T*kQ3W-xQ4h/vQ4t0VQ4u0WQ4z0`Q7t4bS8P4v4xS8T4{4}Q9t7uQ9x7{Q9}8QQ:S8VS:}9y9zS;i;O;RS;u;j;kS;};v;wS<R<O<PR<U<SQ#wbQ't!uS(f#g2WS(h#m+XQ+Z%fQ+l%xQ+r&OU-t'l'u'xQ.Y(gU/t*^*a/yQ0U*kQ0X*mQ1Q+mQ1w,cS3T-u-xQ3].bS4g/u/vQ4p0RS4s0T0`Q4w0YQ6Y1xQ7R3WS7s4b4dQ7w4hU8O4t4z4}Q8R4yQ8x6ZS9s7t7uQ9w7{Q:P8TQ:Q8UQ:e8yQ:{9tS:|9x9zQ;U:SQ;`:fS;h:};RS;t;i;jS;|;u;wS<Q;}<PQ<T<RQ<V<UQ=p=kQ=|=uR=}=vV!wQ'a-g%^aOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&o&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_+i,r,u,z-k-s.R.X.i.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3f3n4|6V6g6h6k7O7^8v9V9aS#wz!j!r=j$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TR=p>S%^bOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&o&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_+i,r,u,z-k-s.R.X.i.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3f3n4|6V6g6h6k7O7^8v9V9aQ%fj!^%xy!i!u%{%|%}'V'f'g'h'l'v*k+p+q-Z-n-o-v0T0W1T2w3O3V4t4u4x8P9}S&Oz!jQ+m%yQ,c&dW1x,d,e,f,gU6Z1y1z1{S8y6[6]Q:f8z!r=k$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TQ=u>RR=v>S%QeOPXYstuvw!Z!`!g!o#S#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&r&t&u&w&{'T'c's(W(^(e(y({)P*O*j+Y+_+i,r,u,z-k-s.R.X.i.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3f3n4|6V6g6h6k7O7^8v9V9aY#bWZ#W#Z(U!b%jm#h#i#l$x%e%h(_(i(j(k*Z*_*c+[+^+`,q-W.V.].^._.a/o/r2f3^3_4c6t7VQ,p&o!p=l$Z$n)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TR=o'XU'^!e%i*[R2u-bX'[!e%i*[-b%SdOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_,r,u,z-k-s.R.X.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3n4|6V6g6h6k7O8v9V9a!r)`$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TQ,o&oQ0z+iQ3b.iQ7[3fR9g7^!b$Tc#Y%q(T(Z(u(z)[)])a)h+z-z.P.U.W.u.x/d0r3Q3X3m3}5Z5e6}7S7c9_:q<Y!P<f)_)r-[/O2o2t3r3{3|4R4Z6w7d7m7n8m9Z9i9o9p;Y;b=w!f$Vc#Y%q(T(Z(u(z)X)Y)[)])a)h+z-z.P.U.W.u.x/d0r3Q3X3m3}5Z5e6}7S7c9_:q<Y!T<h)_)r-[/O2o2t3r3x3y3{3|4R4Z6w7d7m7n8m9Z9i9o9p;Y;b=w!^$Zc#Y%q(T(Z(u(z)a)h+z-z.P.U.W.u.x/d0r3Q3X3m3}5Z5e6}7S7c9_:q<YQ4a/mz>T)_)r-[/O2o2t3r4R4Z6w7d7m7n8m9Z9i9o9p;Y;b=wQ>Y>[R>Z>]'QkOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TS$oh$pR4W/W'XgOPWXYZhstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n$p%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/W/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TT$kf$qQ$ifS)k$l)oR)w$qT$jf$qT)m$l)o'XhOPWXYZhstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$Z$_$a$e$n$p%m%t&R&k&n&o&r&t&u&w&{'T'X'c's(U(W(^(e(y({)P)t*O*j+Y+_+i,r,u,z-Y-a-k-s.R.X.i.v.}/W/X/p0_0n0t1U1t2U2V2X2Z2^2a2c2q3S3Y3f3n4V4|5y6V6g6h6k6u7O7^8v9V9a:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>TT$oh$pQ$rhR)v$p%^jOPWXYZstuvw!Z!`!g!o#S#W#Z#d#o#u#x#{$O$P$Q$R$S$T$U$V$W$X$_$a$e%m%t&R&k&n&o&r&t&u&w&{'T'c's(U(W(^(e(y({)P*O*j+Y+_+i,r,u,z-k-s.R.X.i.v.}/p0_0n0t1U1t2U2V2X2Z2^2a2c3S3Y3f3n4|6V6g6h6k7O7^8v9V9a!s>R$Z$n'X)t-Y-a/X2q4V5y6u:]:o<W<Z<[<_<`<a<b<c<d<e<f<g<h<i<j<k<m<p<}=P=Q=S=[=]=f=g>T#glOPXZst!Z!`!o#S#d#o#{$n%m&k&n&o&r&t&u&w&{'T'c)P)t*j+_+i,r,u,z-k.i/X/p0_0n1t2U2V2X2Z2^2a2c3f4V4|6V6g6h6k7^8v9V!U%Ri$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>Z#f(x#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_Q+U%aQ/e*Po4Q<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=i!U$yi$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>ZQ*d$zU*m$|*[*pQ+V%bQ0Y*n#f=r#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_n=s<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=iQ=x>UQ=y>VQ=z>WR={>X!U%Ri$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>Z#f(x#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_o4Q<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=inoOXst!Z#d%m&r&t&u&w,u,z2^2aS*g${*ZQ-T'OQ-U'QR4k/{%[%Si#v$b$c$d$x${%O%Q%^%_%c)z*S*U*W*Z*b*h*x*y+h+k,U,X.h/R/f/o/z/{/}0b0d0k0l0q1h1k1s3e4`4a4l4q5S5^5a6U7Y7x8S8X8^8s9d9r9{:R:b:t;S;^;f;m<n<o<q<r<s<t<w<x<y<z<{<|=T=U=V=W=Y=Z=^=_=`=a=b=c=d=e=h=i>Q>Y>Z>^>_Q,W&]Q1j,YQ5u1iR8j5vV*o$|*[*pU*o$|*[*pT5|1q5}S0R*j/pQ4y0_T8U4|:_Q+l%xQ0X*mQ1Q+mQ1w,cQ6Y1xQ8x6ZQ:e8yR;`:f!U%Oi$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>Zx*S$v)f*T*v+W/x0f0g4T4i5T5U5Y7r8W:T:z=q>O>PS0b*u0c#f<q#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_n<r<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=i!d=T(v)d*]*f.l.o.s/a/m0O0x1g3j4^4j4n5t7_7b7y7|8Z8]9v:O:U;P;T;g;l;x>[>]`=U4P7e7h7l9j:v:y;{S=`.n3kT=a7g9m!U%Qi$d%O%Q%^%_%c*S*U*b*x*y/R/z0b0d0k0l0q4a5S8X9r>Q>Y>Z|*U$v)f*V*u+W/i/x0f0g4T4i5O5T5U5Y7r8W:T:z=q>O>PS0d*v0e#f<s#v$b$c$x${)z*W*Z*h+h+k,U,X.h/f/o/{/}1h1k1s3e4`4l4q5^5a6U7Y7x8S8^8s9d9{:R:b:t;S;^;f;m<q<s<w<y<{=T=V=Y=^=`=b=d=h>^>_n<t<n<o<r<t<x<z<|=U=W=Z=_=a=c=e=i!h=V(v)d*]*f.m.n.s/a/m0O0x1g3h3j4^4j4n5t7_7`7b7y7|8Z8]9v:O:U;P;T;g;l;x>[>]d=W4P7f7g7l9j9k:v:w:y;{S=b.o3lT=c7h9nrnOXst!V!Z#d%m&i&r&t&u&w,u,z2^2aQ&f!UR,r&ornOXst!V!Z#d%m&i&r&t&u&w,u,z2^2aR&f!UQ,[&^R1f,TsnOXst!V!Z#d%m&i&r&t&u&w,u,z2^2aQ1r,aS6T1u1vU8r6R6S6WS:a8t8uS;[:`:cQ;o;]R;y;pQ&m!VR,k&iR6a2OR:h8{W&Q|&V&W,QR1]+xQ&r!WR,u&sR,{&xT2_,z2aR-P&yQ-O&yR2h-PQ'z!{R-{'zSsOtQ#dXT%ps#dQ#OTR'|#OQ#RUR(O#RQ)|$uR/b)|Q#UVR(R#UQ#XWU(X#X(Y.SQ(Y#YR.S(ZQ-_'YR2s-_Q.w(zS3o.w3pR3p.xQ-g'aR2x-gY!rQ'a-g1q5}R'k!rQ/S)fR4U/SU#_W%h*ZU(`#_(a.TQ(a#`R.T([Q-c'^R2v-ct`OXst!V!Z#d%m&i&k&r&t&u&w,u,z2^2aS#hZ%eU#r`#h.^R.^(kQ(l#jQ.Z(hW.c(l.Z3Z7TQ3Z.[R7T3[Q)o$lR/Y)oQ$phR)u$pQ$`cU)b$`.O<lQ.O<YR<l)rQ/s*^W4e/s4f7v9uU4f/t/u/vS7v4g4hR9u7w$e*R$v(v)d)f*]*f*u*v+R+S+W.n.o.q.r.s/a/i/k/m/x0O0f0g0x1g3h3i3j4P4T4^4i4j4n5O5Q5T5U5Y5t7_7`7a7b7g7h7j7k7l7r7y7|8W8Z8]9j9k9l9v:O:T:U:v:w:x:y:z;P;T;g;l;x;{=q>O>P>[>]Q/|*fU4m/|4o7zQ4o0OR7z4nS*p$|*[R0[*px*T$v)f*u*v+W/x0f0g4T4i5T5U5Y7r8W:T:z=q>O>P!d.l(v)d*]*f.n.o.s/a/m0O0x1g3j4^4j4n5t7_7b7y7|8Z8]9v:O:U;P;T;g;l;x>[>]U/j*T.l7ea7e4P7g7h7l9j:v:y;{Q0c*uQ3k.nU5P0c3k9mR9m7g|*V$v)f*u*v+W/i/x0f0g4T4i5O5T5U5Y7r8W:T:z=q>O>P!h.m(v)d*]*f.n.o.s/a/m0O0x1g3h3j4^4j4n5t7_7`7b7y7|8Z8]9v:O:U;P;T;g;l;x>[>]U/l*V.m7fe7f4P7g7h7l9j9k:v:w:y;{Q0e*vQ3l.oU5R0e3l9nR9n7hQ*{%UR0i*{Q5_0xR8[5_Q+a%kR0w+aQ5x1lS8l5x:^R:^8mQ,^&_R1o,^Q5}1qR8o5}Q1},hS6_1}8|R8|6aQ1W+tW5j1W5l8c:XQ5l1ZQ8c5kR:X8dQ+y&QR1^+yQ2a,zR6o2aYrOXst#dQ&v!ZQ+c%mQ,t&rQ,v&tQ,w&uQ,y&wQ2[,uS2_,z2aR6n2^Q%opQ&z!_Q&}!aQ'P!bQ'R!cQ'r!uQ+b%lQ+n%zQ,S&XQ,j&mQ-R&|W-r'l't'u'xQ-y'pQ0Z*oQ1R+oQ1e,RS2Q,k,nQ2i-QQ2j-TQ2k-UQ3P-qW3R-t-u-x-zQ5c1SQ5o1aQ5s1gQ6X1wQ6c2SQ6m2]U6|3Q3T3WQ7P3UQ8_5dQ8g5qQ8i5tQ8n5|Q8w6YQ8}6bS9^6}7RQ9`7QQ:Y8eQ:d8xQ:i9OQ:p9_Q;W:ZQ;_:eQ;c:qQ;n;XR;q;`Q%zyQ'e!iQ'p!uU+o%{%|%}Q-X'VU-m'f'g'hS-q'l'vQ0S*kS1S+p+qQ2p-ZS2}-n-oQ3U-vS4r0T0WQ5d1TQ6x2wQ6{3OQ7Q3VU7}4t4u4xQ9|8PR;Q9}S$wi>QR*|%VU%Ui%V>QR0h*zQ$viS(v#v+kS)d$b$cQ)f$dQ*]$xS*f${*ZQ*u%OQ*v%QQ+R%^Q+S%_Q+W%cQ.n<qQ.o<sQ.q<wQ.r<yQ.s<{Q/a)zQ/i*SQ/k*UQ/m*WQ/x*bS0O*h/oQ0f*xQ0g*yl0x+h,X.h1k1s3e6U7Y8s9d:b:t;^;fQ1g,UQ3h=TQ3i=VQ3j=YS4P<n<oQ4T/RS4^/f4`Q4i/zQ4j/{Q4n/}Q5O0bQ5Q0dQ5T0kQ5U0lQ5Y0qQ5t1hQ7_=^Q7`=`Q7a=bQ7b=dQ7g<rQ7h<tQ7j<xQ7k<zQ7l<|Q7r4aQ7y4lQ7|4qQ8W5SQ8Z5^Q8]5aQ9j=ZQ9k=UQ9l=WQ9v7xQ:O8SQ:T8XQ:U8^Q:v=_Q:w=aQ:x=cQ:y=eQ:z9rQ;P9{Q;T:RQ;g=hQ;l;SQ;x;mQ;{=iQ=q>QQ>O>YQ>P>ZQ>[>^R>]>_Q+P%]Q.p<uR7i<vnpOXst!Z#d%m&r&t&u&w,u,z2^2aQ!fPS#fZ#oQ&|!`W'i!o*j0_4|Q(Q#SQ)R#{Q)s$nS,n&k&nQ,s&oQ-Q&{S-V'T/pQ-i'cQ.z)PQ/^)tQ0u+_Q0{+iQ2Y,rQ2{-kQ3c.iQ4Y/XQ5W0nQ6S1tQ6e2UQ6f2VQ6j2XQ6l2ZQ6q2cQ7]3fQ7o4VQ8u6VQ9R6gQ9S6hQ9U6kQ9h7^Q:c8vR:m9V#[cOPXZst!Z!`!o#d#o#{%m&k&n&o&r&t&u&w&{'T'c)P*j+_+i,r,u,z-k.i/p0_0n1t2U2V2X2Z2^2a2c3f4|6V6g6h6k7^8v9VQ#YWQ#eYQ%quQ%svS%uw!gS(T#W(WQ(Z#ZQ(u#uQ(z#xQ)S$OQ)T$PQ)U$QQ)V$RQ)W$SQ)X$TQ)Y$UQ)Z$VQ)[$WQ)]$XQ)_$ZQ)a$_Q)c$aQ)h$eW)r$n)t/X4VQ+f%tQ+z&RS-['X2qQ-z'sS.P(U.RQ.U(^Q.W(eQ.u(yQ.x({Q.|<WQ/O<ZQ/P<[Q/Q<_Q/d*OQ0r+YQ2o-YQ2t-aQ3Q-sQ3X.XQ3m.vQ3r<`Q3s<aQ3t<bQ3u<cQ3v<dQ3w<eQ3x<fQ3y<gQ3z<hQ3{<iQ3|<jQ3}.}Q4O<mQ4R<pQ4S<}Q4Z<kQ5Z0tQ5e1UQ6w=PQ6}3SQ7S3YQ7c3nQ7d=QQ7m=SQ7n=[Q8m5yQ9Z6uQ9_7OQ9i=]Q9o=fQ9p=gQ:q9aQ;Y:]Q;b:oQ<Y#SR=w>TR#[WR'Z!el!tQ!r!v!y!z'a'm'n'o-g-w1q5}6PS'V!e-^U*k$|*[*pS-Z'W'`S0W*l*rQ0`*sQ2w-eQ4x0^R4}0aR(|#xQ!fQT-f'a-g]!qQ!r'a-g1q5}Q#p]R'j<XR)g$dY!uQ'a-g1q5}Q'l!rS'v!v!yS'x!z6PS-v'm'nQ-x'oR3V-wT#kZ%eS#jZ%eS%km,qU(h#h#i#lS.[(i(jQ.`(kQ0v+`Q3[.]U3].^._.aS7U3^3_R9b7Vd#^W#W#Z%h(U(_*Z+[.V/or#gZm#h#i#l%e(i(j(k+`.].^._.a3^3_7VS*^$x*cQ/v*_Q2W,qQ2m-WQ4b/rQ6s2fQ7u4cQ9Y6tT=n'X+^V#aW%h*ZU#`W%h*ZS(V#W(_U([#Z+[/oS-]'X+^T.Q(U.VV'_!e%i*[Q$lfR)y$qT)n$l)oR4X/WT*`$x*cT*i${*ZQ0y+hQ1i,XQ3a.hQ5v1kQ6R1sQ7Z3eQ8t6UQ9e7YQ:`8sQ:r9dQ;]:bQ;e:tQ;p;^R;s;fnqOXst!Z#d%m&r&t&u&w,u,z2^2aQ&l!VR,j&itmOXst!U!V!Z#d%m&i&r&t&u&w,u,z2^2aR,q&oT%lm,qR1m,ZR,i&gQ&U|S,P&V&WR1`,QR+u&PT&p!W&sT&q!W&sT2`,z2a",
      nodeNames:
        '⚠ ArithOp ArithOp ?. JSXStartTag LineComment BlockComment Script Hashbang ExportDeclaration export Star as VariableName String Escape from ; default FunctionDeclaration async function VariableDefinition > < TypeParamList in out const TypeDefinition extends ThisType this LiteralType ArithOp Number BooleanLiteral TemplateType InterpolationEnd Interpolation InterpolationStart NullType null VoidType void TypeofType typeof MemberExpression . PropertyName [ TemplateString Escape Interpolation super RegExp ] ArrayExpression Spread , } { ObjectExpression Property async get set PropertyDefinition Block : NewTarget new NewExpression ) ( ArgList UnaryExpression delete LogicOp BitOp YieldExpression yield AwaitExpression await ParenthesizedExpression ClassExpression class ClassBody MethodDeclaration Decorator @ MemberExpression PrivatePropertyName CallExpression TypeArgList CompareOp < declare Privacy static abstract override PrivatePropertyDefinition PropertyDeclaration readonly accessor Optional TypeAnnotation Equals StaticBlock FunctionExpression ArrowFunction ParamList ParamList ArrayPattern ObjectPattern PatternProperty VariableDefinition Privacy readonly Arrow MemberExpression BinaryExpression ArithOp ArithOp ArithOp ArithOp BitOp CompareOp instanceof satisfies CompareOp BitOp BitOp BitOp LogicOp LogicOp ConditionalExpression LogicOp LogicOp AssignmentExpression UpdateOp PostfixExpression CallExpression InstantiationExpression TaggedTemplateExpression DynamicImport import ImportMeta JSXElement JSXSelfCloseEndTag JSXSelfClosingTag JSXIdentifier JSXBuiltin JSXIdentifier JSXNamespacedName JSXMemberExpression JSXSpreadAttribute JSXAttribute JSXAttributeValue JSXEscape JSXEndTag JSXOpenTag JSXFragmentTag JSXText JSXEscape JSXStartCloseTag JSXCloseTag PrefixCast < ArrowFunction TypeParamList SequenceExpression InstantiationExpression KeyofType keyof UniqueType unique ImportType InferredType infer TypeName ParenthesizedType FunctionSignature ParamList NewSignature IndexedType TupleType Label ArrayType ReadonlyType ObjectType MethodType PropertyType IndexSignature PropertyDefinition CallSignature TypePredicate asserts is NewSignature new UnionType LogicOp IntersectionType LogicOp ConditionalType ParameterizedType ClassDeclaration abstract implements type VariableDeclaration let var using TypeAliasDeclaration InterfaceDeclaration interface EnumDeclaration enum EnumBody NamespaceDeclaration namespace module AmbientDeclaration declare GlobalDeclaration global ClassDeclaration ClassBody AmbientFunctionDeclaration ExportGroup VariableName VariableName ImportDeclaration defer ImportGroup ForStatement for ForSpec ForInSpec ForOfSpec of WhileStatement while WithStatement with DoStatement do IfStatement if else SwitchStatement switch SwitchBody CaseLabel case DefaultLabel TryStatement try CatchClause catch FinallyClause finally ReturnStatement return ThrowStatement throw BreakStatement break ContinueStatement continue DebuggerStatement debugger LabeledStatement ExpressionStatement SingleExpression SingleClassItem',
      maxTerm: 381,
      context: Tp,
      nodeProps: [
        ['isolate', -8, 5, 6, 14, 37, 39, 51, 53, 55, ''],
        [
          'group',
          -26,
          9,
          17,
          19,
          68,
          208,
          212,
          216,
          217,
          219,
          222,
          225,
          235,
          238,
          244,
          246,
          248,
          250,
          253,
          259,
          265,
          267,
          269,
          271,
          273,
          275,
          276,
          'Statement',
          -34,
          13,
          14,
          32,
          35,
          36,
          42,
          51,
          54,
          55,
          57,
          62,
          70,
          72,
          76,
          80,
          82,
          84,
          85,
          110,
          111,
          121,
          122,
          137,
          140,
          142,
          143,
          144,
          145,
          146,
          148,
          149,
          168,
          170,
          172,
          'Expression',
          -23,
          31,
          33,
          37,
          41,
          43,
          45,
          174,
          176,
          178,
          179,
          181,
          182,
          183,
          185,
          186,
          187,
          189,
          190,
          191,
          202,
          204,
          206,
          207,
          'Type',
          -3,
          88,
          103,
          109,
          'ClassItem',
        ],
        ['openedBy', 23, '<', 38, 'InterpolationStart', 56, '[', 60, '{', 73, '(', 161, 'JSXStartCloseTag'],
        ['closedBy', -2, 24, 169, '>', 40, 'InterpolationEnd', 50, ']', 61, '}', 74, ')', 166, 'JSXEndTag'],
      ],
      propSources: [Wp],
      skippedNodes: [0, 5, 6, 279],
      repeatNodeCount: 37,
      tokenData:
        "$Fq07[R!bOX%ZXY+gYZ-yZ[+g[]%Z]^.c^p%Zpq+gqr/mrs3cst:_tuEruvJSvwLkwx! Yxy!'iyz!(sz{!)}{|!,q|}!.O}!O!,q!O!P!/Y!P!Q!9j!Q!R#:O!R![#<_![!]#I_!]!^#Jk!^!_#Ku!_!`$![!`!a$$v!a!b$*T!b!c$,r!c!}Er!}#O$-|#O#P$/W#P#Q$4o#Q#R$5y#R#SEr#S#T$7W#T#o$8b#o#p$<r#p#q$=h#q#r$>x#r#s$@U#s$f%Z$f$g+g$g#BYEr#BY#BZ$A`#BZ$ISEr$IS$I_$A`$I_$I|Er$I|$I}$Dk$I}$JO$Dk$JO$JTEr$JT$JU$A`$JU$KVEr$KV$KW$A`$KW&FUEr&FU&FV$A`&FV;'SEr;'S;=`I|<%l?HTEr?HT?HU$A`?HUOEr(n%d_$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z&j&hT$j&jO!^&c!_#o&c#p;'S&c;'S;=`&w<%lO&c&j&zP;=`<%l&c'|'U]$j&j([!bOY&}YZ&cZw&}wx&cx!^&}!^!_'}!_#O&}#O#P&c#P#o&}#o#p'}#p;'S&};'S;=`(l<%lO&}!b(SU([!bOY'}Zw'}x#O'}#P;'S'};'S;=`(f<%lO'}!b(iP;=`<%l'}'|(oP;=`<%l&}'[(y]$j&j(XpOY(rYZ&cZr(rrs&cs!^(r!^!_)r!_#O(r#O#P&c#P#o(r#o#p)r#p;'S(r;'S;=`*a<%lO(rp)wU(XpOY)rZr)rs#O)r#P;'S)r;'S;=`*Z<%lO)rp*^P;=`<%l)r'[*dP;=`<%l(r#S*nX(Xp([!bOY*gZr*grs'}sw*gwx)rx#O*g#P;'S*g;'S;=`+Z<%lO*g#S+^P;=`<%l*g(n+dP;=`<%l%Z07[+rq$j&j(Xp([!b'}0/lOX%ZXY+gYZ&cZ[+g[p%Zpq+gqr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p$f%Z$f$g+g$g#BY%Z#BY#BZ+g#BZ$IS%Z$IS$I_+g$I_$JT%Z$JT$JU+g$JU$KV%Z$KV$KW+g$KW&FU%Z&FU&FV+g&FV;'S%Z;'S;=`+a<%l?HT%Z?HT?HU+g?HUO%Z07[.ST(Y#S$j&j(O0/lO!^&c!_#o&c#p;'S&c;'S;=`&w<%lO&c07[.n_$j&j(Xp([!b(O0/lOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z)3p/x`$j&j!p),Q(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`0z!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW1V`#w(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`2X!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW2d_#w(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'At3l_(W':f$j&j([!bOY4kYZ5qZr4krs7nsw4kwx5qx!^4k!^!_8p!_#O4k#O#P5q#P#o4k#o#p8p#p;'S4k;'S;=`:X<%lO4k(^4r_$j&j([!bOY4kYZ5qZr4krs7nsw4kwx5qx!^4k!^!_8p!_#O4k#O#P5q#P#o4k#o#p8p#p;'S4k;'S;=`:X<%lO4k&z5vX$j&jOr5qrs6cs!^5q!^!_6y!_#o5q#o#p6y#p;'S5q;'S;=`7h<%lO5q&z6jT$e`$j&jO!^&c!_#o&c#p;'S&c;'S;=`&w<%lO&c`6|TOr6yrs7]s;'S6y;'S;=`7b<%lO6y`7bO$e``7eP;=`<%l6y&z7kP;=`<%l5q(^7w]$e`$j&j([!bOY&}YZ&cZw&}wx&cx!^&}!^!_'}!_#O&}#O#P&c#P#o&}#o#p'}#p;'S&};'S;=`(l<%lO&}!r8uZ([!bOY8pYZ6yZr8prs9hsw8pwx6yx#O8p#O#P6y#P;'S8p;'S;=`:R<%lO8p!r9oU$e`([!bOY'}Zw'}x#O'}#P;'S'};'S;=`(f<%lO'}!r:UP;=`<%l8p(^:[P;=`<%l4k%9[:hh$j&j(Xp([!bOY%ZYZ&cZq%Zqr<Srs&}st%ZtuCruw%Zwx(rx!^%Z!^!_*g!_!c%Z!c!}Cr!}#O%Z#O#P&c#P#R%Z#R#SCr#S#T%Z#T#oCr#o#p*g#p$g%Z$g;'SCr;'S;=`El<%lOCr(r<__WS$j&j(Xp([!bOY<SYZ&cZr<Srs=^sw<Swx@nx!^<S!^!_Bm!_#O<S#O#P>`#P#o<S#o#pBm#p;'S<S;'S;=`Cl<%lO<S(Q=g]WS$j&j([!bOY=^YZ&cZw=^wx>`x!^=^!^!_?q!_#O=^#O#P>`#P#o=^#o#p?q#p;'S=^;'S;=`@h<%lO=^&n>gXWS$j&jOY>`YZ&cZ!^>`!^!_?S!_#o>`#o#p?S#p;'S>`;'S;=`?k<%lO>`S?XSWSOY?SZ;'S?S;'S;=`?e<%lO?SS?hP;=`<%l?S&n?nP;=`<%l>`!f?xWWS([!bOY?qZw?qwx?Sx#O?q#O#P?S#P;'S?q;'S;=`@b<%lO?q!f@eP;=`<%l?q(Q@kP;=`<%l=^'`@w]WS$j&j(XpOY@nYZ&cZr@nrs>`s!^@n!^!_Ap!_#O@n#O#P>`#P#o@n#o#pAp#p;'S@n;'S;=`Bg<%lO@ntAwWWS(XpOYApZrAprs?Ss#OAp#O#P?S#P;'SAp;'S;=`Ba<%lOAptBdP;=`<%lAp'`BjP;=`<%l@n#WBvYWS(Xp([!bOYBmZrBmrs?qswBmwxApx#OBm#O#P?S#P;'SBm;'S;=`Cf<%lOBm#WCiP;=`<%lBm(rCoP;=`<%l<S%9[C}i$j&j(p%1l(Xp([!bOY%ZYZ&cZr%Zrs&}st%ZtuCruw%Zwx(rx!Q%Z!Q![Cr![!^%Z!^!_*g!_!c%Z!c!}Cr!}#O%Z#O#P&c#P#R%Z#R#SCr#S#T%Z#T#oCr#o#p*g#p$g%Z$g;'SCr;'S;=`El<%lOCr%9[EoP;=`<%lCr07[FRk$j&j(Xp([!b$^#t(U,2j(f$I[OY%ZYZ&cZr%Zrs&}st%ZtuEruw%Zwx(rx}%Z}!OGv!O!Q%Z!Q![Er![!^%Z!^!_*g!_!c%Z!c!}Er!}#O%Z#O#P&c#P#R%Z#R#SEr#S#T%Z#T#oEr#o#p*g#p$g%Z$g;'SEr;'S;=`I|<%lOEr+dHRk$j&j(Xp([!b$^#tOY%ZYZ&cZr%Zrs&}st%ZtuGvuw%Zwx(rx}%Z}!OGv!O!Q%Z!Q![Gv![!^%Z!^!_*g!_!c%Z!c!}Gv!}#O%Z#O#P&c#P#R%Z#R#SGv#S#T%Z#T#oGv#o#p*g#p$g%Z$g;'SGv;'S;=`Iv<%lOGv+dIyP;=`<%lGv07[JPP;=`<%lEr(KWJ_`$j&j(Xp([!b#q(ChOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KWKl_$j&j$R(Ch(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z,#xLva({+JY$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sv%ZvwM{wx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KWNW`$j&j#{(Ch(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'At! c_(Z';W$j&j(XpOY!!bYZ!#hZr!!brs!#hsw!!bwx!$xx!^!!b!^!_!%z!_#O!!b#O#P!#h#P#o!!b#o#p!%z#p;'S!!b;'S;=`!'c<%lO!!b'l!!i_$j&j(XpOY!!bYZ!#hZr!!brs!#hsw!!bwx!$xx!^!!b!^!_!%z!_#O!!b#O#P!#h#P#o!!b#o#p!%z#p;'S!!b;'S;=`!'c<%lO!!b&z!#mX$j&jOw!#hwx6cx!^!#h!^!_!$Y!_#o!#h#o#p!$Y#p;'S!#h;'S;=`!$r<%lO!#h`!$]TOw!$Ywx7]x;'S!$Y;'S;=`!$l<%lO!$Y`!$oP;=`<%l!$Y&z!$uP;=`<%l!#h'l!%R]$e`$j&j(XpOY(rYZ&cZr(rrs&cs!^(r!^!_)r!_#O(r#O#P&c#P#o(r#o#p)r#p;'S(r;'S;=`*a<%lO(r!Q!&PZ(XpOY!%zYZ!$YZr!%zrs!$Ysw!%zwx!&rx#O!%z#O#P!$Y#P;'S!%z;'S;=`!']<%lO!%z!Q!&yU$e`(XpOY)rZr)rs#O)r#P;'S)r;'S;=`*Z<%lO)r!Q!'`P;=`<%l!%z'l!'fP;=`<%l!!b/5|!'t_!l/.^$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z#&U!)O_!k!Lf$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z-!n!*[b$j&j(Xp([!b(V%&f#r(ChOY%ZYZ&cZr%Zrs&}sw%Zwx(rxz%Zz{!+d{!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW!+o`$j&j(Xp([!b#o(ChOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z+;x!,|`$j&j(Xp([!br+4YOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z,$U!.Z_!]+Jf$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z07[!/ec$j&j(Xp([!b!Q.2^OY%ZYZ&cZr%Zrs&}sw%Zwx(rx!O%Z!O!P!0p!P!Q%Z!Q![!3Y![!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z#%|!0ya$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!O%Z!O!P!2O!P!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z#%|!2Z_![!L^$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad!3eg$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q![!3Y![!^%Z!^!_*g!_!g%Z!g!h!4|!h#O%Z#O#P&c#P#R%Z#R#S!3Y#S#X%Z#X#Y!4|#Y#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad!5Vg$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx{%Z{|!6n|}%Z}!O!6n!O!Q%Z!Q![!8S![!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S!8S#S#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad!6wc$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q![!8S![!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S!8S#S#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad!8_c$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q![!8S![!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S!8S#S#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z07[!9uf$j&j(Xp([!b#p(ChOY!;ZYZ&cZr!;Zrs!<nsw!;Zwx!Lcxz!;Zz{#-}{!P!;Z!P!Q#/d!Q!^!;Z!^!_#(i!_!`#7S!`!a#8i!a!}!;Z!}#O#,f#O#P!Dy#P#o!;Z#o#p#(i#p;'S!;Z;'S;=`#-w<%lO!;Z?O!;fb$j&j(Xp([!b!X7`OY!;ZYZ&cZr!;Zrs!<nsw!;Zwx!Lcx!P!;Z!P!Q#&`!Q!^!;Z!^!_#(i!_!}!;Z!}#O#,f#O#P!Dy#P#o!;Z#o#p#(i#p;'S!;Z;'S;=`#-w<%lO!;Z>^!<w`$j&j([!b!X7`OY!<nYZ&cZw!<nwx!=yx!P!<n!P!Q!Eq!Q!^!<n!^!_!Gr!_!}!<n!}#O!KS#O#P!Dy#P#o!<n#o#p!Gr#p;'S!<n;'S;=`!L]<%lO!<n<z!>Q^$j&j!X7`OY!=yYZ&cZ!P!=y!P!Q!>|!Q!^!=y!^!_!@c!_!}!=y!}#O!CW#O#P!Dy#P#o!=y#o#p!@c#p;'S!=y;'S;=`!Ek<%lO!=y<z!?Td$j&j!X7`O!^&c!_#W&c#W#X!>|#X#Z&c#Z#[!>|#[#]&c#]#^!>|#^#a&c#a#b!>|#b#g&c#g#h!>|#h#i&c#i#j!>|#j#k!>|#k#m&c#m#n!>|#n#o&c#p;'S&c;'S;=`&w<%lO&c7`!@hX!X7`OY!@cZ!P!@c!P!Q!AT!Q!}!@c!}#O!Ar#O#P!Bq#P;'S!@c;'S;=`!CQ<%lO!@c7`!AYW!X7`#W#X!AT#Z#[!AT#]#^!AT#a#b!AT#g#h!AT#i#j!AT#j#k!AT#m#n!AT7`!AuVOY!ArZ#O!Ar#O#P!B[#P#Q!@c#Q;'S!Ar;'S;=`!Bk<%lO!Ar7`!B_SOY!ArZ;'S!Ar;'S;=`!Bk<%lO!Ar7`!BnP;=`<%l!Ar7`!BtSOY!@cZ;'S!@c;'S;=`!CQ<%lO!@c7`!CTP;=`<%l!@c<z!C][$j&jOY!CWYZ&cZ!^!CW!^!_!Ar!_#O!CW#O#P!DR#P#Q!=y#Q#o!CW#o#p!Ar#p;'S!CW;'S;=`!Ds<%lO!CW<z!DWX$j&jOY!CWYZ&cZ!^!CW!^!_!Ar!_#o!CW#o#p!Ar#p;'S!CW;'S;=`!Ds<%lO!CW<z!DvP;=`<%l!CW<z!EOX$j&jOY!=yYZ&cZ!^!=y!^!_!@c!_#o!=y#o#p!@c#p;'S!=y;'S;=`!Ek<%lO!=y<z!EnP;=`<%l!=y>^!Ezl$j&j([!b!X7`OY&}YZ&cZw&}wx&cx!^&}!^!_'}!_#O&}#O#P&c#P#W&}#W#X!Eq#X#Z&}#Z#[!Eq#[#]&}#]#^!Eq#^#a&}#a#b!Eq#b#g&}#g#h!Eq#h#i&}#i#j!Eq#j#k!Eq#k#m&}#m#n!Eq#n#o&}#o#p'}#p;'S&};'S;=`(l<%lO&}8r!GyZ([!b!X7`OY!GrZw!Grwx!@cx!P!Gr!P!Q!Hl!Q!}!Gr!}#O!JU#O#P!Bq#P;'S!Gr;'S;=`!J|<%lO!Gr8r!Hse([!b!X7`OY'}Zw'}x#O'}#P#W'}#W#X!Hl#X#Z'}#Z#[!Hl#[#]'}#]#^!Hl#^#a'}#a#b!Hl#b#g'}#g#h!Hl#h#i'}#i#j!Hl#j#k!Hl#k#m'}#m#n!Hl#n;'S'};'S;=`(f<%lO'}8r!JZX([!bOY!JUZw!JUwx!Arx#O!JU#O#P!B[#P#Q!Gr#Q;'S!JU;'S;=`!Jv<%lO!JU8r!JyP;=`<%l!JU8r!KPP;=`<%l!Gr>^!KZ^$j&j([!bOY!KSYZ&cZw!KSwx!CWx!^!KS!^!_!JU!_#O!KS#O#P!DR#P#Q!<n#Q#o!KS#o#p!JU#p;'S!KS;'S;=`!LV<%lO!KS>^!LYP;=`<%l!KS>^!L`P;=`<%l!<n=l!Ll`$j&j(Xp!X7`OY!LcYZ&cZr!Lcrs!=ys!P!Lc!P!Q!Mn!Q!^!Lc!^!_# o!_!}!Lc!}#O#%P#O#P!Dy#P#o!Lc#o#p# o#p;'S!Lc;'S;=`#&Y<%lO!Lc=l!Mwl$j&j(Xp!X7`OY(rYZ&cZr(rrs&cs!^(r!^!_)r!_#O(r#O#P&c#P#W(r#W#X!Mn#X#Z(r#Z#[!Mn#[#](r#]#^!Mn#^#a(r#a#b!Mn#b#g(r#g#h!Mn#h#i(r#i#j!Mn#j#k!Mn#k#m(r#m#n!Mn#n#o(r#o#p)r#p;'S(r;'S;=`*a<%lO(r8Q# vZ(Xp!X7`OY# oZr# ors!@cs!P# o!P!Q#!i!Q!}# o!}#O#$R#O#P!Bq#P;'S# o;'S;=`#$y<%lO# o8Q#!pe(Xp!X7`OY)rZr)rs#O)r#P#W)r#W#X#!i#X#Z)r#Z#[#!i#[#])r#]#^#!i#^#a)r#a#b#!i#b#g)r#g#h#!i#h#i)r#i#j#!i#j#k#!i#k#m)r#m#n#!i#n;'S)r;'S;=`*Z<%lO)r8Q#$WX(XpOY#$RZr#$Rrs!Ars#O#$R#O#P!B[#P#Q# o#Q;'S#$R;'S;=`#$s<%lO#$R8Q#$vP;=`<%l#$R8Q#$|P;=`<%l# o=l#%W^$j&j(XpOY#%PYZ&cZr#%Prs!CWs!^#%P!^!_#$R!_#O#%P#O#P!DR#P#Q!Lc#Q#o#%P#o#p#$R#p;'S#%P;'S;=`#&S<%lO#%P=l#&VP;=`<%l#%P=l#&]P;=`<%l!Lc?O#&kn$j&j(Xp([!b!X7`OY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#W%Z#W#X#&`#X#Z%Z#Z#[#&`#[#]%Z#]#^#&`#^#a%Z#a#b#&`#b#g%Z#g#h#&`#h#i%Z#i#j#&`#j#k#&`#k#m%Z#m#n#&`#n#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z9d#(r](Xp([!b!X7`OY#(iZr#(irs!Grsw#(iwx# ox!P#(i!P!Q#)k!Q!}#(i!}#O#+`#O#P!Bq#P;'S#(i;'S;=`#,`<%lO#(i9d#)th(Xp([!b!X7`OY*gZr*grs'}sw*gwx)rx#O*g#P#W*g#W#X#)k#X#Z*g#Z#[#)k#[#]*g#]#^#)k#^#a*g#a#b#)k#b#g*g#g#h#)k#h#i*g#i#j#)k#j#k#)k#k#m*g#m#n#)k#n;'S*g;'S;=`+Z<%lO*g9d#+gZ(Xp([!bOY#+`Zr#+`rs!JUsw#+`wx#$Rx#O#+`#O#P!B[#P#Q#(i#Q;'S#+`;'S;=`#,Y<%lO#+`9d#,]P;=`<%l#+`9d#,cP;=`<%l#(i?O#,o`$j&j(Xp([!bOY#,fYZ&cZr#,frs!KSsw#,fwx#%Px!^#,f!^!_#+`!_#O#,f#O#P!DR#P#Q!;Z#Q#o#,f#o#p#+`#p;'S#,f;'S;=`#-q<%lO#,f?O#-tP;=`<%l#,f?O#-zP;=`<%l!;Z07[#.[b$j&j(Xp([!b(P0/l!X7`OY!;ZYZ&cZr!;Zrs!<nsw!;Zwx!Lcx!P!;Z!P!Q#&`!Q!^!;Z!^!_#(i!_!}!;Z!}#O#,f#O#P!Dy#P#o!;Z#o#p#(i#p;'S!;Z;'S;=`#-w<%lO!;Z07[#/o_$j&j(Xp([!bT0/lOY#/dYZ&cZr#/drs#0nsw#/dwx#4Ox!^#/d!^!_#5}!_#O#/d#O#P#1p#P#o#/d#o#p#5}#p;'S#/d;'S;=`#6|<%lO#/d06j#0w]$j&j([!bT0/lOY#0nYZ&cZw#0nwx#1px!^#0n!^!_#3R!_#O#0n#O#P#1p#P#o#0n#o#p#3R#p;'S#0n;'S;=`#3x<%lO#0n05W#1wX$j&jT0/lOY#1pYZ&cZ!^#1p!^!_#2d!_#o#1p#o#p#2d#p;'S#1p;'S;=`#2{<%lO#1p0/l#2iST0/lOY#2dZ;'S#2d;'S;=`#2u<%lO#2d0/l#2xP;=`<%l#2d05W#3OP;=`<%l#1p01O#3YW([!bT0/lOY#3RZw#3Rwx#2dx#O#3R#O#P#2d#P;'S#3R;'S;=`#3r<%lO#3R01O#3uP;=`<%l#3R06j#3{P;=`<%l#0n05x#4X]$j&j(XpT0/lOY#4OYZ&cZr#4Ors#1ps!^#4O!^!_#5Q!_#O#4O#O#P#1p#P#o#4O#o#p#5Q#p;'S#4O;'S;=`#5w<%lO#4O00^#5XW(XpT0/lOY#5QZr#5Qrs#2ds#O#5Q#O#P#2d#P;'S#5Q;'S;=`#5q<%lO#5Q00^#5tP;=`<%l#5Q05x#5zP;=`<%l#4O01p#6WY(Xp([!bT0/lOY#5}Zr#5}rs#3Rsw#5}wx#5Qx#O#5}#O#P#2d#P;'S#5};'S;=`#6v<%lO#5}01p#6yP;=`<%l#5}07[#7PP;=`<%l#/d)3h#7ab$j&j$R(Ch(Xp([!b!X7`OY!;ZYZ&cZr!;Zrs!<nsw!;Zwx!Lcx!P!;Z!P!Q#&`!Q!^!;Z!^!_#(i!_!}!;Z!}#O#,f#O#P!Dy#P#o!;Z#o#p#(i#p;'S!;Z;'S;=`#-w<%lO!;ZAt#8vb$[#t$j&j(Xp([!b!X7`OY!;ZYZ&cZr!;Zrs!<nsw!;Zwx!Lcx!P!;Z!P!Q#&`!Q!^!;Z!^!_#(i!_!}!;Z!}#O#,f#O#P!Dy#P#o!;Z#o#p#(i#p;'S!;Z;'S;=`#-w<%lO!;Z'Ad#:Zp$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!O%Z!O!P!3Y!P!Q%Z!Q![#<_![!^%Z!^!_*g!_!g%Z!g!h!4|!h#O%Z#O#P&c#P#R%Z#R#S#<_#S#U%Z#U#V#?i#V#X%Z#X#Y!4|#Y#b%Z#b#c#>_#c#d#Bq#d#l%Z#l#m#Es#m#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#<jk$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!O%Z!O!P!3Y!P!Q%Z!Q![#<_![!^%Z!^!_*g!_!g%Z!g!h!4|!h#O%Z#O#P&c#P#R%Z#R#S#<_#S#X%Z#X#Y!4|#Y#b%Z#b#c#>_#c#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#>j_$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#?rd$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q!R#AQ!R!S#AQ!S!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S#AQ#S#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#A]f$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q!R#AQ!R!S#AQ!S!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S#AQ#S#b%Z#b#c#>_#c#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#Bzc$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q!Y#DV!Y!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S#DV#S#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#Dbe$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q!Y#DV!Y!^%Z!^!_*g!_#O%Z#O#P&c#P#R%Z#R#S#DV#S#b%Z#b#c#>_#c#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#E|g$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q![#Ge![!^%Z!^!_*g!_!c%Z!c!i#Ge!i#O%Z#O#P&c#P#R%Z#R#S#Ge#S#T%Z#T#Z#Ge#Z#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z'Ad#Gpi$j&j(Xp([!bs'9tOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!Q%Z!Q![#Ge![!^%Z!^!_*g!_!c%Z!c!i#Ge!i#O%Z#O#P&c#P#R%Z#R#S#Ge#S#T%Z#T#Z#Ge#Z#b%Z#b#c#>_#c#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z*)x#Il_!g$b$j&j$P)Lv(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z)[#Jv_al$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z04f#LS^h#)`#R-<U(Xp([!b$o7`OY*gZr*grs'}sw*gwx)rx!P*g!P!Q#MO!Q!^*g!^!_#Mt!_!`$ f!`#O*g#P;'S*g;'S;=`+Z<%lO*g(n#MXX$l&j(Xp([!bOY*gZr*grs'}sw*gwx)rx#O*g#P;'S*g;'S;=`+Z<%lO*g(El#M}Z#s(Ch(Xp([!bOY*gZr*grs'}sw*gwx)rx!_*g!_!`#Np!`#O*g#P;'S*g;'S;=`+Z<%lO*g(El#NyX$R(Ch(Xp([!bOY*gZr*grs'}sw*gwx)rx#O*g#P;'S*g;'S;=`+Z<%lO*g(El$ oX#t(Ch(Xp([!bOY*gZr*grs'}sw*gwx)rx#O*g#P;'S*g;'S;=`+Z<%lO*g*)x$!ga#`*!Y$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`0z!`!a$#l!a#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(K[$#w_#l(Cl$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z*)x$%Vag!*r#t(Ch$g#|$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`$&[!`!a$'f!a#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW$&g_#t(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW$'qa#s(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`!a$(v!a#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW$)R`#s(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(Kd$*`a(s(Ct$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!a%Z!a!b$+e!b#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW$+p`$j&j#|(Ch(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z%#`$,}_!|$Ip$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z04f$.X_!S0,v$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(n$/]Z$j&jO!^$0O!^!_$0f!_#i$0O#i#j$0k#j#l$0O#l#m$2^#m#o$0O#o#p$0f#p;'S$0O;'S;=`$4i<%lO$0O(n$0VT_#S$j&jO!^&c!_#o&c#p;'S&c;'S;=`&w<%lO&c#S$0kO_#S(n$0p[$j&jO!Q&c!Q![$1f![!^&c!_!c&c!c!i$1f!i#T&c#T#Z$1f#Z#o&c#o#p$3|#p;'S&c;'S;=`&w<%lO&c(n$1kZ$j&jO!Q&c!Q![$2^![!^&c!_!c&c!c!i$2^!i#T&c#T#Z$2^#Z#o&c#p;'S&c;'S;=`&w<%lO&c(n$2cZ$j&jO!Q&c!Q![$3U![!^&c!_!c&c!c!i$3U!i#T&c#T#Z$3U#Z#o&c#p;'S&c;'S;=`&w<%lO&c(n$3ZZ$j&jO!Q&c!Q![$0O![!^&c!_!c&c!c!i$0O!i#T&c#T#Z$0O#Z#o&c#p;'S&c;'S;=`&w<%lO&c#S$4PR!Q![$4Y!c!i$4Y#T#Z$4Y#S$4]S!Q![$4Y!c!i$4Y#T#Z$4Y#q#r$0f(n$4lP;=`<%l$0O#1[$4z_!Y#)l$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z(KW$6U`#y(Ch$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z+;p$7c_$j&j(Xp([!b(b+4QOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z07[$8qk$j&j(Xp([!b(U,2j$`#t(f$I[OY%ZYZ&cZr%Zrs&}st%Ztu$8buw%Zwx(rx}%Z}!O$:f!O!Q%Z!Q![$8b![!^%Z!^!_*g!_!c%Z!c!}$8b!}#O%Z#O#P&c#P#R%Z#R#S$8b#S#T%Z#T#o$8b#o#p*g#p$g%Z$g;'S$8b;'S;=`$<l<%lO$8b+d$:qk$j&j(Xp([!b$`#tOY%ZYZ&cZr%Zrs&}st%Ztu$:fuw%Zwx(rx}%Z}!O$:f!O!Q%Z!Q![$:f![!^%Z!^!_*g!_!c%Z!c!}$:f!}#O%Z#O#P&c#P#R%Z#R#S$:f#S#T%Z#T#o$:f#o#p*g#p$g%Z$g;'S$:f;'S;=`$<f<%lO$:f+d$<iP;=`<%l$:f07[$<oP;=`<%l$8b#Jf$<{X!_#Hb(Xp([!bOY*gZr*grs'}sw*gwx)rx#O*g#P;'S*g;'S;=`+Z<%lO*g,#x$=sa(z+JY$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_!`Ka!`#O%Z#O#P&c#P#o%Z#o#p*g#p#q$+e#q;'S%Z;'S;=`+a<%lO%Z)>v$?V_!^(CdvBr$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z?O$@a_!q7`$j&j(Xp([!bOY%ZYZ&cZr%Zrs&}sw%Zwx(rx!^%Z!^!_*g!_#O%Z#O#P&c#P#o%Z#o#p*g#p;'S%Z;'S;=`+a<%lO%Z07[$Aq|$j&j(Xp([!b'}0/l$^#t(U,2j(f$I[OX%ZXY+gYZ&cZ[+g[p%Zpq+gqr%Zrs&}st%ZtuEruw%Zwx(rx}%Z}!OGv!O!Q%Z!Q![Er![!^%Z!^!_*g!_!c%Z!c!}Er!}#O%Z#O#P&c#P#R%Z#R#SEr#S#T%Z#T#oEr#o#p*g#p$f%Z$f$g+g$g#BYEr#BY#BZ$A`#BZ$ISEr$IS$I_$A`$I_$JTEr$JT$JU$A`$JU$KVEr$KV$KW$A`$KW&FUEr&FU&FV$A`&FV;'SEr;'S;=`I|<%l?HTEr?HT?HU$A`?HUOEr07[$D|k$j&j(Xp([!b(O0/l$^#t(U,2j(f$I[OY%ZYZ&cZr%Zrs&}st%ZtuEruw%Zwx(rx}%Z}!OGv!O!Q%Z!Q![Er![!^%Z!^!_*g!_!c%Z!c!}Er!}#O%Z#O#P&c#P#R%Z#R#SEr#S#T%Z#T#oEr#o#p*g#p$g%Z$g;'SEr;'S;=`I|<%lOEr",
      tokenizers: [
        Lp,
        Dp,
        jp,
        Ep,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
        13,
        14,
        _p,
        new Yi(
          "$S~RRtu[#O#Pg#S#T#|~_P#o#pb~gOx~~jVO#i!P#i#j!U#j#l!P#l#m!q#m;'S!P;'S;=`#v<%lO!P~!UO!U~~!XS!Q![!e!c!i!e#T#Z!e#o#p#Z~!hR!Q![!q!c!i!q#T#Z!q~!tR!Q![!}!c!i!}#T#Z!}~#QR!Q![!P!c!i!P#T#Z!P~#^R!Q![#g!c!i#g#T#Z#g~#jS!Q![#g!c!i#g#T#Z#g#q#r!P~#yP;=`<%l!P~$RO(d~~",
          141,
          341,
        ),
        new Yi('j~RQYZXz{^~^O(R~~aP!P!Qd~iO(S~~', 25, 324),
      ],
      topRules: { Script: [0, 7], SingleExpression: [1, 277], SingleClassItem: [2, 278] },
      dialects: { jsx: 0, ts: 15179 },
      dynamicPrecedences: { 80: 1, 82: 1, 94: 1, 170: 1, 200: 1 },
      specialized: [
        { term: 328, get: (e) => Yp[e] || -1 },
        { term: 344, get: (e) => zp[e] || -1 },
        { term: 95, get: (e) => Bp[e] || -1 },
      ],
      tokenPrec: 15205,
    })
  var wr = [],
    ba = []
  ;(() => {
    const e =
      'lc,34,7n,7,7b,19,,,,2,,2,,,20,b,1c,l,g,,2t,7,2,6,2,2,,4,z,,u,r,2j,b,1m,9,9,,o,4,,9,,3,,5,17,3,1n,9,16,o,,x,1i,3,,i,,7,a,2,t,3,1k,,,7,2,2,2,3,9,,a,2,q,,2,3,1k,,,5,4,2,2,3,3,,u,2,3,,b,3,1k,,,8,,3,,3,k,2,m,6,,3,1k,,,7,2,2,2,3,7,3,a,2,u,,1n,5,3,3,,4,9,,14,5,1j,,,7,,3,,4,7,2,b,2,t,3,1k,,,7,,3,,4,7,2,b,2,f,,c,4,1j,2,,7,,3,,4,9,,a,2,t,3,1y,,4,6,,,,8,i,2,1p,,,8,c,8,2q,,,a,b,7,21,2,r,,,,,,4,2,1d,k,,2,5,b,,10,9,,2u,b,,6,n,4,4,3,g,4,d,,,3,6,,f,,jj,3,qa,4,s,3,t,2,u,2,1s,w,9,,19,3,,,39,2,y,,3a,c,4,c,63,5,1l,a,,,,,2,o,2,,1c,1a,2,c,k,5,1b,h,12,9,c,3,u,d,1k,e,1c,k,48,3,,l,4,,6,,2,3,5i,1s,ek,,5f,x,2da,3,3x,,2o,w,fe,6,2x,2,n9w,4,,a,w,2,28,2,7k,,3,,4,,n,5,4,,2b,2,1e,i,q,i,d,,12,8,p,d,18,4,1b,e,10,,1v,e,c,,8,2,1a,,1f,,,3,2,2,5,2,,,15,5,5,2,6k,8,,2,fn4,,kh,g,g,g,a6,2,gt,,6a,,45,5,1ae,3,,2,5,4,14,3,4,,4l,2,fx,4,1t,5,8t,2,25,6,1y,b,1d,4,3e,3,1h,f,15,,2,2,a,4,19,b,7,,1p,3,10,e,g,2,18,,c,3,1c,e,8,4,,2,2k,c,6,,2,,4d,c,l,4,1j,2,,7,2,2,2,3,9,,a,2,2,7,3,5,1v,9,,,2,,,4,,5,,,e,2,2a,i,n,,29,k,6j,7,2,9,r,2,2a,h,2y,d,2t,3,2,a,74,f,6t,6,,2,2,4,,,,2,3x,7,2,7,3,,s,a,14,7,,4,8,,9,b,1a,g,5i,8,5j,8,,8,2a,m,,e,3e,6,3,,,2,,7,,,1u,5,,2,,5,9n,4,9,2,,,1c,7,3,5,n,,44l,,6,f,8ug,i,1xc,5,1n,7,t4,,,1j,7,4,29,,b,2,f57,2,3mp,1a,2,n,f2,5,3,6,8,8,2,7,u,4,44,3,1iz,1j,4,1e,8,,e,,m,5,,f,11s,7,,h,2,7,,2,,5,2s,,4g,7,af,,1p,4,e4,4,72,2,6r,,2,,7,2,5,,d6,7,31,7,240,5'
        .split(',')
        .map((t) => (t ? parseInt(t, 36) : 1))
    for (let t = 0, i = 0; t < e.length; t++) (t % 2 ? ba : wr).push((i = i + e[t]))
  })()
  function Ip(e) {
    if (e < 768) return !1
    for (let t = 0, i = wr.length; ; ) {
      const n = (t + i) >> 1
      if (e < wr[n]) i = n
      else if (e >= ba[n]) t = n + 1
      else return !0
      if (t == i) return !1
    }
  }
  function Oa(e) {
    return e >= 127462 && e <= 127487
  }
  var ma = 8205
  function ya(e, t, i = !0, n = !0) {
    return (i ? xa : qp)(e, t, n)
  }
  function xa(e, t, i) {
    if (t == e.length) return t
    if (t && Sa(e.charCodeAt(t)) && Qa(e.charCodeAt(t - 1))) t--
    let n = Qr(e, t)
    t += ga(n)
    while (t < e.length) {
      const s = Qr(e, t)
      if (n == ma || s == ma || (i && Ip(s))) (t += ga(s)), (n = s)
      else if (Oa(s)) {
        let r = 0,
          o = t - 2
        while (o >= 0 && Oa(Qr(e, o))) r++, (o -= 2)
        if (r % 2 == 0) break
        else t += 2
      } else break
    }
    return t
  }
  function qp(e, t, i) {
    while (t > 1) {
      const n = xa(e, t - 2, i)
      if (n < t) return n
      t--
    }
    return 0
  }
  function Qr(e, t) {
    const i = e.charCodeAt(t)
    if (!Qa(i) || t + 1 == e.length) return i
    const n = e.charCodeAt(t + 1)
    if (!Sa(n)) return i
    return ((i - 55296) << 10) + (n - 56320) + 65536
  }
  function Sa(e) {
    return e >= 56320 && e < 57344
  }
  function Qa(e) {
    return e >= 55296 && e < 56320
  }
  function ga(e) {
    return e < 65536 ? 1 : 2
  }
  class j {
    lineAt(e) {
      if (e < 0 || e > this.length) throw RangeError(`Invalid position ${e} in document of length ${this.length}`)
      return this.lineInner(e, !1, 1, 0)
    }
    line(e) {
      if (e < 1 || e > this.lines) throw RangeError(`Invalid line number ${e} in ${this.lines}-line document`)
      return this.lineInner(e, !0, 1, 0)
    }
    replace(e, t, i) {
      ;[e, t] = si(this, e, t)
      const n = []
      if ((this.decompose(0, e, n, 2), i.length)) i.decompose(0, i.length, n, 3)
      return (this.decompose(t, this.length, n, 1), ft.from(n, this.length - (t - e) + i.length))
    }
    append(e) {
      return this.replace(this.length, this.length, e)
    }
    slice(e, t = this.length) {
      ;[e, t] = si(this, e, t)
      const i = []
      return (this.decompose(e, t, i, 0), ft.from(i, t - e))
    }
    eq(e) {
      if (e == this) return !0
      if (e.length != this.length || e.lines != this.lines) return !1
      const t = this.scanIdentical(e, 1),
        i = this.length - this.scanIdentical(e, -1),
        n = new ii(this),
        s = new ii(e)
      for (let r = t, o = t; ; ) {
        if ((n.next(r), s.next(r), (r = 0), n.lineBreak != s.lineBreak || n.done != s.done || n.value != s.value))
          return !1
        if (((o += n.value.length), n.done || o >= i)) return !0
      }
    }
    iter(e = 1) {
      return new ii(this, e)
    }
    iterRange(e, t = this.length) {
      return new Tr(this, e, t)
    }
    iterLines(e, t) {
      let i
      if (e == null) i = this.iter()
      else {
        if (t == null) t = this.lines + 1
        const n = this.line(e).from
        i = this.iterRange(n, Math.max(n, t == this.lines + 1 ? this.length : t <= 1 ? 0 : this.line(t - 1).to))
      }
      return new _r(i)
    }
    toString() {
      return this.sliceString(0)
    }
    toJSON() {
      const e = []
      return (this.flatten(e), e)
    }
    constructor() {}
    static of(e) {
      if (e.length == 0) throw RangeError('A document must have at least one line')
      if (e.length == 1 && !e[0]) return j.empty
      return e.length <= 32 ? new se(e) : ft.from(se.split(e, []))
    }
  }
  class se extends j {
    constructor(e, t = Up(e)) {
      super()
      ;(this.text = e), (this.length = t)
    }
    get lines() {
      return this.text.length
    }
    get children() {
      return null
    }
    lineInner(e, t, i, n) {
      for (let s = 0; ; s++) {
        const r = this.text[s],
          o = n + r.length
        if ((t ? i : o) >= e) return new Ca(n, o, i, r)
        ;(n = o + 1), i++
      }
    }
    decompose(e, t, i, n) {
      const s =
        e <= 0 && t >= this.length ? this : new se(wa(this.text, e, t), Math.min(t, this.length) - Math.max(0, e))
      if (n & 1) {
        const r = i.pop(),
          o = In(s.text, r.text.slice(), 0, s.length)
        if (o.length <= 32) i.push(new se(o, r.length + s.length))
        else {
          const l = o.length >> 1
          i.push(new se(o.slice(0, l)), new se(o.slice(l)))
        }
      } else i.push(s)
    }
    replace(e, t, i) {
      if (!(i instanceof se)) return super.replace(e, t, i)
      ;[e, t] = si(this, e, t)
      const n = In(this.text, In(i.text, wa(this.text, 0, e)), t),
        s = this.length + i.length - (t - e)
      if (n.length <= 32) return new se(n, s)
      return ft.from(se.split(n, []), s)
    }
    sliceString(
      e,
      t = this.length,
      i = `
`,
    ) {
      ;[e, t] = si(this, e, t)
      let n = ''
      for (let s = 0, r = 0; s <= t && r < this.text.length; r++) {
        const o = this.text[r],
          l = s + o.length
        if (s > e && r) n += i
        if (e < l && t > s) n += o.slice(Math.max(0, e - s), t - s)
        s = l + 1
      }
      return n
    }
    flatten(e) {
      for (const t of this.text) e.push(t)
    }
    scanIdentical() {
      return 0
    }
    static split(e, t) {
      let i = [],
        n = -1
      for (const s of e) if ((i.push(s), (n += s.length + 1), i.length == 32)) t.push(new se(i, n)), (i = []), (n = -1)
      if (n > -1) t.push(new se(i, n))
      return t
    }
  }
  class ft extends j {
    constructor(e, t) {
      super()
      ;(this.children = e), (this.length = t), (this.lines = 0)
      for (const i of e) this.lines += i.lines
    }
    lineInner(e, t, i, n) {
      for (let s = 0; ; s++) {
        const r = this.children[s],
          o = n + r.length,
          l = i + r.lines - 1
        if ((t ? l : o) >= e) return r.lineInner(e, t, i, n)
        ;(n = o + 1), (i = l + 1)
      }
    }
    decompose(e, t, i, n) {
      for (let s = 0, r = 0; r <= t && s < this.children.length; s++) {
        const o = this.children[s],
          l = r + o.length
        if (e <= l && t >= r) {
          const a = n & ((r <= e ? 1 : 0) | (l >= t ? 2 : 0))
          if (r >= e && l <= t && !a) i.push(o)
          else o.decompose(e - r, t - r, i, a)
        }
        r = l + 1
      }
    }
    replace(e, t, i) {
      if ((([e, t] = si(this, e, t)), i.lines < this.lines))
        for (let n = 0, s = 0; n < this.children.length; n++) {
          const r = this.children[n],
            o = s + r.length
          if (e >= s && t <= o) {
            const l = r.replace(e - s, t - s, i),
              a = this.lines - r.lines + l.lines
            if (l.lines < a >> 4 && l.lines > a >> 6) {
              const h = this.children.slice()
              return ((h[n] = l), new ft(h, this.length - (t - e) + i.length))
            }
            return super.replace(s, o, l)
          }
          s = o + 1
        }
      return super.replace(e, t, i)
    }
    sliceString(
      e,
      t = this.length,
      i = `
`,
    ) {
      ;[e, t] = si(this, e, t)
      let n = ''
      for (let s = 0, r = 0; s < this.children.length && r <= t; s++) {
        const o = this.children[s],
          l = r + o.length
        if (r > e && s) n += i
        if (e < l && t > r) n += o.sliceString(e - r, t - r, i)
        r = l + 1
      }
      return n
    }
    flatten(e) {
      for (const t of this.children) t.flatten(e)
    }
    scanIdentical(e, t) {
      if (!(e instanceof ft)) return 0
      let i = 0,
        [n, s, r, o] =
          t > 0
            ? [0, 0, this.children.length, e.children.length]
            : [this.children.length - 1, e.children.length - 1, -1, -1]
      for (; ; n += t, s += t) {
        if (n == r || s == o) return i
        const l = this.children[n],
          a = e.children[s]
        if (l != a) return i + l.scanIdentical(a, t)
        i += l.length + 1
      }
    }
    static from(e, t = e.reduce((i, n) => i + n.length + 1, -1)) {
      let i = 0
      for (const u of e) i += u.lines
      if (i < 32) {
        const u = []
        for (const d of e) d.flatten(u)
        return new se(u, t)
      }
      let n = Math.max(32, i >> 5),
        s = n << 1,
        r = n >> 1,
        o = [],
        l = 0,
        a = -1,
        h = []
      function c(u) {
        let d
        if (u.lines > s && u instanceof ft) for (const p of u.children) c(p)
        else if (u.lines > r && (l > r || !l)) f(), o.push(u)
        else if (u instanceof se && l && (d = h[h.length - 1]) instanceof se && u.lines + d.lines <= 32)
          (l += u.lines),
            (a += u.length + 1),
            (h[h.length - 1] = new se(d.text.concat(u.text), d.length + 1 + u.length))
        else {
          if (l + u.lines > n) f()
          ;(l += u.lines), (a += u.length + 1), h.push(u)
        }
      }
      function f() {
        if (l == 0) return
        o.push(h.length == 1 ? h[0] : ft.from(h, a)), (a = -1), (l = h.length = 0)
      }
      for (const u of e) c(u)
      return (f(), o.length == 1 ? o[0] : new ft(o, t))
    }
  }
  j.empty = new se([''], 0)
  function Up(e) {
    let t = -1
    for (const i of e) t += i.length + 1
    return t
  }
  function In(e, t, i = 0, n = 1e9) {
    for (let s = 0, r = 0, o = !0; r < e.length && s <= n; r++) {
      let l = e[r],
        a = s + l.length
      if (a >= i) {
        if (a > n) l = l.slice(0, n - s)
        if (s < i) l = l.slice(i - s)
        if (o) (t[t.length - 1] += l), (o = !1)
        else t.push(l)
      }
      s = a + 1
    }
    return t
  }
  function wa(e, t, i) {
    return In(e, [''], t, i)
  }
  class ii {
    constructor(e, t = 1) {
      ;(this.dir = t),
        (this.done = !1),
        (this.lineBreak = !1),
        (this.value = ''),
        (this.nodes = [e]),
        (this.offsets = [t > 0 ? 1 : (e instanceof se ? e.text.length : e.children.length) << 1])
    }
    nextInner(e, t) {
      this.done = this.lineBreak = !1
      for (;;) {
        const i = this.nodes.length - 1,
          n = this.nodes[i],
          s = this.offsets[i],
          r = s >> 1,
          o = n instanceof se ? n.text.length : n.children.length
        if (r == (t > 0 ? o : 0)) {
          if (i == 0) return ((this.done = !0), (this.value = ''), this)
          if (t > 0) this.offsets[i - 1]++
          this.nodes.pop(), this.offsets.pop()
        } else if ((s & 1) == (t > 0 ? 0 : 1)) {
          if (((this.offsets[i] += t), e == 0))
            return (
              (this.lineBreak = !0),
              (this.value = `
`),
              this
            )
          e--
        } else if (n instanceof se) {
          const l = n.text[r + (t < 0 ? -1 : 0)]
          if (((this.offsets[i] += t), l.length > Math.max(0, e)))
            return ((this.value = e == 0 ? l : t > 0 ? l.slice(e) : l.slice(0, l.length - e)), this)
          e -= l.length
        } else {
          const l = n.children[r + (t < 0 ? -1 : 0)]
          if (e > l.length) (e -= l.length), (this.offsets[i] += t)
          else {
            if (t < 0) this.offsets[i]--
            this.nodes.push(l),
              this.offsets.push(t > 0 ? 1 : (l instanceof se ? l.text.length : l.children.length) << 1)
          }
        }
      }
    }
    next(e = 0) {
      if (e < 0) this.nextInner(-e, -this.dir), (e = this.value.length)
      return this.nextInner(e, this.dir)
    }
  }
  class Tr {
    constructor(e, t, i) {
      ;(this.value = ''),
        (this.done = !1),
        (this.cursor = new ii(e, t > i ? -1 : 1)),
        (this.pos = t > i ? e.length : 0),
        (this.from = Math.min(t, i)),
        (this.to = Math.max(t, i))
    }
    nextInner(e, t) {
      if (t < 0 ? this.pos <= this.from : this.pos >= this.to) return ((this.value = ''), (this.done = !0), this)
      e += Math.max(0, t < 0 ? this.pos - this.to : this.from - this.pos)
      let i = t < 0 ? this.pos - this.from : this.to - this.pos
      if (e > i) e = i
      i -= e
      const { value: n } = this.cursor.next(e)
      return (
        (this.pos += (n.length + e) * t),
        (this.value = n.length <= i ? n : t < 0 ? n.slice(n.length - i) : n.slice(0, i)),
        (this.done = !this.value),
        this
      )
    }
    next(e = 0) {
      if (e < 0) e = Math.max(e, this.from - this.pos)
      else if (e > 0) e = Math.min(e, this.to - this.pos)
      return this.nextInner(e, this.cursor.dir)
    }
    get lineBreak() {
      return this.cursor.lineBreak && this.value != ''
    }
  }
  class _r {
    constructor(e) {
      ;(this.inner = e), (this.afterBreak = !0), (this.value = ''), (this.done = !1)
    }
    next(e = 0) {
      const { done: t, lineBreak: i, value: n } = this.inner.next(e)
      if (t && this.afterBreak) (this.value = ''), (this.afterBreak = !1)
      else if (t) (this.done = !0), (this.value = '')
      else if (i)
        if (this.afterBreak) this.value = ''
        else (this.afterBreak = !0), this.next()
      else (this.value = n), (this.afterBreak = !1)
      return this
    }
    get lineBreak() {
      return !1
    }
  }
  if (typeof Symbol < 'u')
    (j.prototype[Symbol.iterator] = function () {
      return this.iter()
    }),
      (ii.prototype[Symbol.iterator] =
        Tr.prototype[Symbol.iterator] =
        _r.prototype[Symbol.iterator] =
          function () {
            return this
          })
  class Ca {
    constructor(e, t, i, n) {
      ;(this.from = e), (this.to = t), (this.number = i), (this.text = n)
    }
    get length() {
      return this.to - this.from
    }
  }
  function si(e, t, i) {
    return ((t = Math.max(0, Math.min(e.length, t))), [t, Math.max(t, Math.min(e.length, i))])
  }
  function oe(e, t, i = !0, n = !0) {
    return ya(e, t, i, n)
  }
  function Vp(e) {
    return e >= 56320 && e < 57344
  }
  function Np(e) {
    return e >= 55296 && e < 56320
  }
  function fe(e, t) {
    const i = e.charCodeAt(t)
    if (!Np(i) || t + 1 == e.length) return i
    const n = e.charCodeAt(t + 1)
    if (!Vp(n)) return i
    return ((i - 55296) << 10) + (n - 56320) + 65536
  }
  function Ni(e) {
    if (e <= 65535) return String.fromCharCode(e)
    return ((e -= 65536), String.fromCharCode((e >> 10) + 55296, (e & 1023) + 56320))
  }
  function Re(e) {
    return e < 65536 ? 1 : 2
  }
  var vr = /\r\n?|\n/,
    le = ((e) => (
      (e[(e.Simple = 0)] = 'Simple'),
      (e[(e.TrackDel = 1)] = 'TrackDel'),
      (e[(e.TrackBefore = 2)] = 'TrackBefore'),
      (e[(e.TrackAfter = 3)] = 'TrackAfter'),
      e
    ))(le || (le = {}))
  class Ne {
    constructor(e) {
      this.sections = e
    }
    get length() {
      let e = 0
      for (let t = 0; t < this.sections.length; t += 2) e += this.sections[t]
      return e
    }
    get newLength() {
      let e = 0
      for (let t = 0; t < this.sections.length; t += 2) {
        const i = this.sections[t + 1]
        e += i < 0 ? this.sections[t] : i
      }
      return e
    }
    get empty() {
      return this.sections.length == 0 || (this.sections.length == 2 && this.sections[1] < 0)
    }
    iterGaps(e) {
      for (let t = 0, i = 0, n = 0; t < this.sections.length; ) {
        const s = this.sections[t++],
          r = this.sections[t++]
        if (r < 0) e(i, n, s), (n += s)
        else n += r
        i += s
      }
    }
    iterChangedRanges(e, t = !1) {
      $r(this, e, t)
    }
    get invertedDesc() {
      const e = []
      for (let t = 0; t < this.sections.length; ) {
        const i = this.sections[t++],
          n = this.sections[t++]
        if (n < 0) e.push(i, n)
        else e.push(n, i)
      }
      return new Ne(e)
    }
    composeDesc(e) {
      return this.empty ? e : e.empty ? this : Za(this, e)
    }
    mapDesc(e, t = !1) {
      return e.empty ? this : Pr(this, e, t)
    }
    mapPos(e, t = -1, i = le.Simple) {
      let n = 0,
        s = 0
      for (let r = 0; r < this.sections.length; ) {
        const o = this.sections[r++],
          l = this.sections[r++],
          a = n + o
        if (l < 0) {
          if (a > e) return s + (e - n)
          s += o
        } else {
          if (
            i != le.Simple &&
            a >= e &&
            ((i == le.TrackDel && n < e && a > e) || (i == le.TrackBefore && n < e) || (i == le.TrackAfter && a > e))
          )
            return null
          if (a > e || (a == e && t < 0 && !o)) return e == n || t < 0 ? s : s + l
          s += l
        }
        n = a
      }
      if (e > n) throw RangeError(`Position ${e} is out of range for changeset of length ${n}`)
      return s
    }
    touchesRange(e, t = e) {
      for (let i = 0, n = 0; i < this.sections.length && n <= t; ) {
        const s = this.sections[i++],
          r = this.sections[i++],
          o = n + s
        if (r >= 0 && n <= t && o >= e) return n < e && o > t ? 'cover' : !0
        n = o
      }
      return !1
    }
    toString() {
      let e = ''
      for (let t = 0; t < this.sections.length; ) {
        const i = this.sections[t++],
          n = this.sections[t++]
        e += (e ? ' ' : '') + i + (n >= 0 ? ':' + n : '')
      }
      return e
    }
    toJSON() {
      return this.sections
    }
    static fromJSON(e) {
      if (!Array.isArray(e) || e.length % 2 || e.some((t) => typeof t != 'number'))
        throw RangeError('Invalid JSON representation of ChangeDesc')
      return new Ne(e)
    }
    static create(e) {
      return new Ne(e)
    }
  }
  class re extends Ne {
    constructor(e, t) {
      super(e)
      this.inserted = t
    }
    apply(e) {
      if (this.length != e.length) throw RangeError('Applying change set to a document with the wrong length')
      return ($r(this, (t, i, n, s, r) => (e = e.replace(n, n + (i - t), r)), !1), e)
    }
    mapDesc(e, t = !1) {
      return Pr(this, e, t, !0)
    }
    invert(e) {
      const t = this.sections.slice(),
        i = []
      for (let n = 0, s = 0; n < t.length; n += 2) {
        const r = t[n],
          o = t[n + 1]
        if (o >= 0) {
          ;(t[n] = o), (t[n + 1] = r)
          const l = n >> 1
          while (i.length < l) i.push(j.empty)
          i.push(r ? e.slice(s, s + r) : j.empty)
        }
        s += r
      }
      return new re(t, i)
    }
    compose(e) {
      return this.empty ? e : e.empty ? this : Za(this, e, !0)
    }
    map(e, t = !1) {
      return e.empty ? this : Pr(this, e, t, !0)
    }
    iterChanges(e, t = !1) {
      $r(this, e, t)
    }
    get desc() {
      return Ne.create(this.sections)
    }
    filter(e) {
      const t = [],
        i = [],
        n = [],
        s = new ri(this)
      e: for (let r = 0, o = 0; ; ) {
        const l = r == e.length ? 1e9 : e[r++]
        while (o < l || (o == l && s.len == 0)) {
          if (s.done) break e
          const h = Math.min(s.len, l - o)
          be(n, h, -1)
          const c = s.ins == -1 ? -1 : s.off == 0 ? s.ins : 0
          if ((be(t, h, c), c > 0)) Pt(i, t, s.text)
          s.forward(h), (o += h)
        }
        const a = e[r++]
        while (o < a) {
          if (s.done) break e
          const h = Math.min(s.len, a - o)
          be(t, h, -1), be(n, h, s.ins == -1 ? -1 : s.off == 0 ? s.ins : 0), s.forward(h), (o += h)
        }
      }
      return { changes: new re(t, i), filtered: Ne.create(n) }
    }
    toJSON() {
      const e = []
      for (let t = 0; t < this.sections.length; t += 2) {
        const i = this.sections[t],
          n = this.sections[t + 1]
        if (n < 0) e.push(i)
        else if (n == 0) e.push([i])
        else e.push([i].concat(this.inserted[t >> 1].toJSON()))
      }
      return e
    }
    static of(e, t, i) {
      let n = [],
        s = [],
        r = 0,
        o = null
      function l(h = !1) {
        if (!h && !n.length) return
        if (r < t) be(n, t - r, -1)
        const c = new re(n, s)
        ;(o = o ? o.compose(c.map(o)) : c), (n = []), (s = []), (r = 0)
      }
      function a(h) {
        if (Array.isArray(h)) for (const c of h) a(c)
        else if (h instanceof re) {
          if (h.length != t) throw RangeError(`Mismatched change set length (got ${h.length}, expected ${t})`)
          l(), (o = o ? o.compose(h.map(o)) : h)
        } else {
          const { from: c, to: f = c, insert: u } = h
          if (c > f || c < 0 || f > t) throw RangeError(`Invalid change range ${c} to ${f} (in doc of length ${t})`)
          const d = !u ? j.empty : typeof u == 'string' ? j.of(u.split(i || vr)) : u,
            p = d.length
          if (c == f && p == 0) return
          if (c < r) l()
          if (c > r) be(n, c - r, -1)
          be(n, f - c, p), Pt(s, n, d), (r = f)
        }
      }
      return (a(e), l(!o), o)
    }
    static empty(e) {
      return new re(e ? [e, -1] : [], [])
    }
    static fromJSON(e) {
      if (!Array.isArray(e)) throw RangeError('Invalid JSON representation of ChangeSet')
      const t = [],
        i = []
      for (let n = 0; n < e.length; n++) {
        const s = e[n]
        if (typeof s == 'number') t.push(s, -1)
        else if (!Array.isArray(s) || typeof s[0] != 'number' || s.some((r, o) => o && typeof r != 'string'))
          throw RangeError('Invalid JSON representation of ChangeSet')
        else if (s.length == 1) t.push(s[0], 0)
        else {
          while (i.length < n) i.push(j.empty)
          ;(i[n] = j.of(s.slice(1))), t.push(s[0], i[n].length)
        }
      }
      return new re(t, i)
    }
    static createSet(e, t) {
      return new re(e, t)
    }
  }
  function be(e, t, i, n = !1) {
    if (t == 0 && i <= 0) return
    const s = e.length - 2
    if (s >= 0 && i <= 0 && i == e[s + 1]) e[s] += t
    else if (s >= 0 && t == 0 && e[s] == 0) e[s + 1] += i
    else if (n) (e[s] += t), (e[s + 1] += i)
    else e.push(t, i)
  }
  function Pt(e, t, i) {
    if (i.length == 0) return
    const n = (t.length - 2) >> 1
    if (n < e.length) e[e.length - 1] = e[e.length - 1].append(i)
    else {
      while (e.length < n) e.push(j.empty)
      e.push(i)
    }
  }
  function $r(e, t, i) {
    const n = e.inserted
    for (let s = 0, r = 0, o = 0; o < e.sections.length; ) {
      let l = e.sections[o++],
        a = e.sections[o++]
      if (a < 0) (s += l), (r += l)
      else {
        let h = s,
          c = r,
          f = j.empty
        for (;;) {
          if (((h += l), (c += a), a && n)) f = f.append(n[(o - 2) >> 1])
          if (i || o == e.sections.length || e.sections[o + 1] < 0) break
          ;(l = e.sections[o++]), (a = e.sections[o++])
        }
        t(s, h, r, c, f), (s = h), (r = c)
      }
    }
  }
  function Pr(e, t, i, n = !1) {
    const s = [],
      r = n ? [] : null,
      o = new ri(e),
      l = new ri(t)
    for (let a = -1; ; )
      if ((o.done && l.len) || (l.done && o.len)) throw Error('Mismatched change set lengths')
      else if (o.ins == -1 && l.ins == -1) {
        const h = Math.min(o.len, l.len)
        be(s, h, -1), o.forward(h), l.forward(h)
      } else if (l.ins >= 0 && (o.ins < 0 || a == o.i || (o.off == 0 && (l.len < o.len || (l.len == o.len && !i))))) {
        let h = l.len
        be(s, l.ins, -1)
        while (h) {
          const c = Math.min(o.len, h)
          if (o.ins >= 0 && a < o.i && o.len <= c) {
            if ((be(s, 0, o.ins), r)) Pt(r, s, o.text)
            a = o.i
          }
          o.forward(c), (h -= c)
        }
        l.next()
      } else if (o.ins >= 0) {
        let h = 0,
          c = o.len
        while (c)
          if (l.ins == -1) {
            const f = Math.min(c, l.len)
            ;(h += f), (c -= f), l.forward(f)
          } else if (l.ins == 0 && l.len < c) (c -= l.len), l.next()
          else break
        if ((be(s, h, a < o.i ? o.ins : 0), r && a < o.i)) Pt(r, s, o.text)
        ;(a = o.i), o.forward(o.len - c)
      } else if (o.done && l.done) return r ? re.createSet(s, r) : Ne.create(s)
      else throw Error('Mismatched change set lengths')
  }
  function Za(e, t, i = !1) {
    const n = [],
      s = i ? [] : null,
      r = new ri(e),
      o = new ri(t)
    for (let l = !1; ; )
      if (r.done && o.done) return s ? re.createSet(n, s) : Ne.create(n)
      else if (r.ins == 0) be(n, r.len, 0, l), r.next()
      else if (o.len == 0 && !o.done) {
        if ((be(n, 0, o.ins, l), s)) Pt(s, n, o.text)
        o.next()
      } else if (r.done || o.done) throw Error('Mismatched change set lengths')
      else {
        const a = Math.min(r.len2, o.len),
          h = n.length
        if (r.ins == -1) {
          const c = o.ins == -1 ? -1 : o.off ? 0 : o.ins
          if ((be(n, a, c, l), s && c)) Pt(s, n, o.text)
        } else if (o.ins == -1) {
          if ((be(n, r.off ? 0 : r.len, a, l), s)) Pt(s, n, r.textBit(a))
        } else if ((be(n, r.off ? 0 : r.len, o.off ? 0 : o.ins, l), s && !o.off)) Pt(s, n, o.text)
        ;(l = (r.ins > a || (o.ins >= 0 && o.len > a)) && (l || n.length > h)), r.forward2(a), o.forward(a)
      }
  }
  class ri {
    constructor(e) {
      ;(this.set = e), (this.i = 0), this.next()
    }
    next() {
      const { sections: e } = this.set
      if (this.i < e.length) (this.len = e[this.i++]), (this.ins = e[this.i++])
      else (this.len = 0), (this.ins = -2)
      this.off = 0
    }
    get done() {
      return this.ins == -2
    }
    get len2() {
      return this.ins < 0 ? this.len : this.ins
    }
    get text() {
      const { inserted: e } = this.set,
        t = (this.i - 2) >> 1
      return t >= e.length ? j.empty : e[t]
    }
    textBit(e) {
      const { inserted: t } = this.set,
        i = (this.i - 2) >> 1
      return i >= t.length && !e ? j.empty : t[i].slice(this.off, e == null ? void 0 : this.off + e)
    }
    forward(e) {
      if (e == this.len) this.next()
      else (this.len -= e), (this.off += e)
    }
    forward2(e) {
      if (this.ins == -1) this.forward(e)
      else if (e == this.ins) this.next()
      else (this.ins -= e), (this.off += e)
    }
  }
  class $t {
    constructor(e, t, i, n) {
      ;(this.from = e), (this.to = t), (this.flags = i), (this.goalColumn = n)
    }
    get anchor() {
      return this.flags & 32 ? this.to : this.from
    }
    get head() {
      return this.flags & 32 ? this.from : this.to
    }
    get empty() {
      return this.from == this.to
    }
    get assoc() {
      return this.flags & 8 ? -1 : this.flags & 16 ? 1 : 0
    }
    get undirectional() {
      return (this.flags & 64) > 0
    }
    get bidiLevel() {
      const e = this.flags & 7
      return e == 7 ? null : e
    }
    map(e, t = -1) {
      let i, n
      if (this.empty) i = n = e.mapPos(this.from, t)
      else (i = e.mapPos(this.from, 1)), (n = e.mapPos(this.to, -1))
      return i == this.from && n == this.to ? this : new $t(i, n, this.flags, this.goalColumn)
    }
    extend(e, t = e, i = 0) {
      if (e <= this.anchor && t >= this.anchor) return b.range(e, t, void 0, void 0, i)
      const n = Math.abs(e - this.anchor) > Math.abs(t - this.anchor) ? e : t
      return b.range(this.anchor, n, void 0, void 0, i)
    }
    eq(e, t = !1) {
      return (
        this.anchor == e.anchor &&
        this.head == e.head &&
        this.goalColumn == e.goalColumn &&
        (!t || !this.empty || this.assoc == e.assoc)
      )
    }
    toJSON() {
      return { anchor: this.anchor, head: this.head }
    }
    static fromJSON(e) {
      if (!e || typeof e.anchor != 'number' || typeof e.head != 'number')
        throw RangeError('Invalid JSON representation for SelectionRange')
      return b.range(e.anchor, e.head)
    }
    static create(e, t, i, n) {
      return new $t(e, t, i, n)
    }
  }
  class b {
    constructor(e, t) {
      ;(this.ranges = e), (this.mainIndex = t)
    }
    map(e, t = -1) {
      if (e.empty) return this
      return b.create(
        this.ranges.map((i) => i.map(e, t)),
        this.mainIndex,
      )
    }
    eq(e, t = !1) {
      if (this.ranges.length != e.ranges.length || this.mainIndex != e.mainIndex) return !1
      for (let i = 0; i < this.ranges.length; i++) if (!this.ranges[i].eq(e.ranges[i], t)) return !1
      return !0
    }
    get main() {
      return this.ranges[this.mainIndex]
    }
    asSingle() {
      return this.ranges.length == 1 ? this : new b([this.main], 0)
    }
    addRange(e, t = !0) {
      return b.create([e].concat(this.ranges), t ? 0 : this.mainIndex + 1)
    }
    replaceRange(e, t = this.mainIndex) {
      const i = this.ranges.slice()
      return ((i[t] = e), b.create(i, this.mainIndex))
    }
    toJSON() {
      return { ranges: this.ranges.map((e) => e.toJSON()), main: this.mainIndex }
    }
    static fromJSON(e) {
      if (!e || !Array.isArray(e.ranges) || typeof e.main != 'number' || e.main >= e.ranges.length)
        throw RangeError('Invalid JSON representation for EditorSelection')
      return new b(
        e.ranges.map((t) => $t.fromJSON(t)),
        e.main,
      )
    }
    static single(e, t = e) {
      return new b([b.range(e, t)], 0)
    }
    static create(e, t = 0) {
      if (e.length == 0) throw RangeError('A selection needs at least one range')
      for (let i = 0, n = 0; n < e.length; n++) {
        const s = e[n]
        if (s.empty ? s.from <= i : s.from < i) return b.normalized(e.slice(), t)
        i = s.to
      }
      return new b(e, t)
    }
    static cursor(e, t = 0, i, n) {
      return $t.create(e, e, (t == 0 ? 0 : t < 0 ? 8 : 16) | (i == null ? 7 : Math.min(6, i)), n)
    }
    static range(e, t, i, n, s) {
      let r = n == null ? 7 : Math.min(6, n)
      if (!s && e != t) s = t < e ? 1 : -1
      if (s) r |= s < 0 ? 8 : 16
      return t < e ? $t.create(t, e, r | 32, i) : $t.create(e, t, r, i)
    }
    static undirectionalRange(e, t) {
      return $t.create(e, t, 64, void 0)
    }
    static normalized(e, t = 0) {
      const i = e[t]
      e.sort((n, s) => n.from - s.from), (t = e.indexOf(i))
      for (let n = 1; n < e.length; n++) {
        const s = e[n],
          r = e[n - 1]
        if (s.empty ? s.from <= r.to : s.from < r.to) {
          const o = r.from,
            l = Math.max(s.to, r.to)
          if (n <= t) t--
          e.splice(--n, 2, s.anchor > s.head ? b.range(l, o) : b.range(o, l))
        }
      }
      return new b(e, t)
    }
  }
  function Aa(e, t) {
    for (const i of e.ranges) if (i.to > t) throw RangeError('Selection points outside of document')
  }
  var Lr = 0
  class k {
    constructor(e, t, i, n, s) {
      ;(this.combine = e),
        (this.compareInput = t),
        (this.compare = i),
        (this.isStatic = n),
        (this.id = Lr++),
        (this.default = e([])),
        (this.extensions = typeof s == 'function' ? s(this) : s)
    }
    get reader() {
      return this
    }
    static define(e = {}) {
      return new k(
        e.combine || ((t) => t),
        e.compareInput || ((t, i) => t === i),
        e.compare || (!e.combine ? Dr : (t, i) => t === i),
        !!e.static,
        e.enables,
      )
    }
    of(e) {
      return new Ii([], this, 0, e)
    }
    compute(e, t) {
      if (this.isStatic) throw Error("Can't compute a static facet")
      return new Ii(e, this, 1, t)
    }
    computeN(e, t) {
      if (this.isStatic) throw Error("Can't compute a static facet")
      return new Ii(e, this, 2, t)
    }
    from(e, t) {
      if (!t) t = (i) => i
      return this.compute([e], (i) => t(i.field(e)))
    }
  }
  function Dr(e, t) {
    return e == t || (e.length == t.length && e.every((i, n) => i === t[n]))
  }
  class Ii {
    constructor(e, t, i, n) {
      ;(this.dependencies = e), (this.facet = t), (this.type = i), (this.value = n), (this.id = Lr++)
    }
    dynamicSlot(e) {
      var t
      let i = this.value,
        n = this.facet.compareInput,
        s = this.id,
        r = e[s] >> 1,
        o = this.type == 2,
        l = !1,
        a = !1,
        h = []
      for (const c of this.dependencies)
        if (c == 'doc') l = !0
        else if (c == 'selection') a = !0
        else if ((((t = e[c.id]) !== null && t !== void 0 ? t : 1) & 1) == 0) h.push(e[c.id])
      return {
        create(c) {
          return ((c.values[r] = i(c)), 1)
        },
        update(c, f) {
          if ((l && f.docChanged) || (a && (f.docChanged || f.selection)) || Cr(c, h)) {
            const u = i(c)
            if (o ? !ka(u, c.values[r], n) : !n(u, c.values[r])) return ((c.values[r] = u), 1)
          }
          return 0
        },
        reconfigure: (c, f) => {
          let u,
            d = f.config.address[s]
          if (d != null) {
            const p = Vn(f, d)
            if (
              this.dependencies.every((O) =>
                O instanceof k ? f.facet(O) === c.facet(O) : O instanceof H ? f.field(O, !1) == c.field(O, !1) : !0,
              ) ||
              (o ? ka((u = i(c)), p, n) : n((u = i(c)), p))
            )
              return ((c.values[r] = p), 0)
          } else u = i(c)
          return ((c.values[r] = u), 1)
        },
      }
    }
    get extension() {
      return this
    }
  }
  function ka(e, t, i) {
    if (e.length != t.length) return !1
    for (let n = 0; n < e.length; n++) if (!i(e[n], t[n])) return !1
    return !0
  }
  function Cr(e, t) {
    let i = !1
    for (const n of t) if (qi(e, n) & 1) i = !0
    return i
  }
  function Gp(e, t, i) {
    const n = i.map((a) => e[a.id]),
      s = i.map((a) => a.type),
      r = n.filter((a) => !(a & 1)),
      o = e[t.id] >> 1
    function l(a) {
      const h = []
      for (let c = 0; c < n.length; c++) {
        const f = Vn(a, n[c])
        if (s[c] == 2) for (const u of f) h.push(u)
        else h.push(f)
      }
      return t.combine(h)
    }
    return {
      create(a) {
        for (const h of n) qi(a, h)
        return ((a.values[o] = l(a)), 1)
      },
      update(a, h) {
        if (!Cr(a, r)) return 0
        const c = l(a)
        if (t.compare(c, a.values[o])) return 0
        return ((a.values[o] = c), 1)
      },
      reconfigure(a, h) {
        const c = Cr(a, n),
          f = h.config.facets[t.id],
          u = h.facet(t)
        if (f && !c && Dr(i, f)) return ((a.values[o] = u), 0)
        const d = l(a)
        if (t.compare(d, u)) return ((a.values[o] = u), 0)
        return ((a.values[o] = d), 1)
      },
    }
  }
  var Yn = k.define({ static: !0 })
  class H {
    constructor(e, t, i, n, s) {
      ;(this.id = e),
        (this.createF = t),
        (this.updateF = i),
        (this.compareF = n),
        (this.spec = s),
        (this.provides = void 0)
    }
    static define(e) {
      const t = new H(Lr++, e.create, e.update, e.compare || ((i, n) => i === n), e)
      if (e.provide) t.provides = e.provide(t)
      return t
    }
    create(e) {
      const t = e.facet(Yn).find((i) => i.field == this)
      return ((t === null || t === void 0 ? void 0 : t.create) || this.createF)(e)
    }
    slot(e) {
      const t = e[this.id] >> 1
      return {
        create: (i) => ((i.values[t] = this.create(i)), 1),
        update: (i, n) => {
          const s = i.values[t],
            r = this.updateF(s, n)
          if (this.compareF(s, r)) return 0
          return ((i.values[t] = r), 1)
        },
        reconfigure: (i, n) => {
          let s = i.facet(Yn),
            r = n.facet(Yn),
            o
          if ((o = s.find((l) => l.field == this)) && o != r.find((l) => l.field == this))
            return ((i.values[t] = o.create(i)), 1)
          if (n.config.address[this.id] != null) return ((i.values[t] = n.field(this)), 0)
          return ((i.values[t] = this.create(i)), 1)
        },
      }
    }
    init(e) {
      return [this, Yn.of({ field: this, create: e })]
    }
    get extension() {
      return this
    }
  }
  var Dt = { lowest: 4, low: 3, default: 2, high: 1, highest: 0 }
  function Bi(e) {
    return (t) => new jr(t, e)
  }
  var Ye = {
    highest: Bi(Dt.highest),
    high: Bi(Dt.high),
    default: Bi(Dt.default),
    low: Bi(Dt.low),
    lowest: Bi(Dt.lowest),
  }
  class jr {
    constructor(e, t) {
      ;(this.inner = e), (this.prec = t)
    }
    get extension() {
      return this
    }
  }
  class Nn {
    of(e) {
      return new qn(this, e)
    }
    reconfigure(e) {
      return Nn.reconfigure.of({ compartment: this, extension: e })
    }
    get(e) {
      return e.config.compartments.get(this)
    }
  }
  class qn {
    constructor(e, t) {
      ;(this.compartment = e), (this.inner = t)
    }
    get extension() {
      return this
    }
  }
  class Un {
    constructor(e, t, i, n, s, r) {
      ;(this.base = e),
        (this.compartments = t),
        (this.dynamicSlots = i),
        (this.address = n),
        (this.staticValues = s),
        (this.facets = r),
        (this.statusTemplate = [])
      while (this.statusTemplate.length < i.length) this.statusTemplate.push(0)
    }
    staticFacet(e) {
      const t = this.address[e.id]
      return t == null ? e.default : this.staticValues[t >> 1]
    }
    static resolve(e, t, i) {
      const n = [],
        s = Object.create(null),
        r = new Map()
      for (const f of Fp(e, t, r))
        if (f instanceof H) n.push(f)
        else (s[f.facet.id] || (s[f.facet.id] = [])).push(f)
      const o = Object.create(null),
        l = [],
        a = []
      for (const f of n) (o[f.id] = a.length << 1), a.push((u) => f.slot(u))
      const h = i === null || i === void 0 ? void 0 : i.config.facets
      for (const f in s) {
        const u = s[f],
          d = u[0].facet,
          p = (h && h[f]) || []
        if (u.every((O) => O.type == 0))
          if (((o[d.id] = (l.length << 1) | 1), Dr(p, u))) l.push(i.facet(d))
          else {
            const O = d.combine(u.map((m) => m.value))
            l.push(i && d.compare(O, i.facet(d)) ? i.facet(d) : O)
          }
        else {
          for (const O of u)
            if (O.type == 0) (o[O.id] = (l.length << 1) | 1), l.push(O.value)
            else (o[O.id] = a.length << 1), a.push((m) => O.dynamicSlot(m))
          ;(o[d.id] = a.length << 1), a.push((O) => Gp(O, d, u))
        }
      }
      const c = a.map((f) => f(o))
      return new Un(e, r, c, o, l, s)
    }
  }
  function Fp(e, t, i) {
    const n = [[], [], [], [], []],
      s = new Map()
    function r(o, l) {
      const a = s.get(o)
      if (a != null) {
        if (a <= l) return
        const h = n[a].indexOf(o)
        if (h > -1) n[a].splice(h, 1)
        if (o instanceof qn) i.delete(o.compartment)
      }
      if ((s.set(o, l), Array.isArray(o))) for (const h of o) r(h, l)
      else if (o instanceof qn) {
        if (i.has(o.compartment)) throw RangeError('Duplicate use of compartment in extensions')
        const h = t.get(o.compartment) || o.inner
        i.set(o.compartment, h), r(h, l)
      } else if (o instanceof jr) r(o.inner, o.prec)
      else if (o instanceof H) {
        if ((n[l].push(o), o.provides)) r(o.provides, l)
      } else if (o instanceof Ii) {
        if ((n[l].push(o), o.facet.extensions)) r(o.facet.extensions, Dt.default)
      } else {
        const h = o.extension
        if (!h) throw Error(`Unrecognized extension value in extension set (${o}).`)
        if (h == o)
          throw Error(
            `Unrecognized extension value in extension set (${o}). This sometimes happens because multiple instances of @codemirror/state are loaded, breaking instanceof checks.`,
          )
        r(h, l)
      }
    }
    return (r(e, Dt.default), n.reduce((o, l) => o.concat(l)))
  }
  function qi(e, t) {
    if (t & 1) return 2
    const i = t >> 1,
      n = e.status[i]
    if (n == 4) throw Error('Cyclic dependency between fields and/or facets')
    if (n & 2) return n
    e.status[i] = 4
    const s = e.computeSlot(e, e.config.dynamicSlots[i])
    return (e.status[i] = 2 | s)
  }
  function Vn(e, t) {
    return t & 1 ? e.config.staticValues[t >> 1] : e.values[t >> 1]
  }
  var Xa = k.define(),
    Zr = k.define({ combine: (e) => e.some((t) => t), static: !0 }),
    Ma = k.define({ combine: (e) => (e.length ? e[0] : void 0), static: !0 }),
    Ra = k.define(),
    Ta = k.define(),
    _a = k.define(),
    La = k.define({ combine: (e) => (e.length ? e[0] : !1) })
  class Te {
    constructor(e, t) {
      ;(this.type = e), (this.value = t)
    }
    static define() {
      return new Da()
    }
  }
  class Da {
    of(e) {
      return new Te(this, e)
    }
  }
  class ja {
    constructor(e) {
      this.map = e
    }
    of(e) {
      return new M(this, e)
    }
  }
  class M {
    constructor(e, t) {
      ;(this.type = e), (this.value = t)
    }
    map(e) {
      const t = this.type.map(this.value, e)
      return t === void 0 ? void 0 : t == this.value ? this : new M(this.type, t)
    }
    is(e) {
      return this.type == e
    }
    static define(e = {}) {
      return new ja(e.map || ((t) => t))
    }
    static mapEffects(e, t) {
      if (!e.length) return e
      const i = []
      for (const n of e) {
        const s = n.map(t)
        if (s) i.push(s)
      }
      return i
    }
  }
  M.reconfigure = M.define()
  M.appendConfig = M.define()
  class J {
    constructor(e, t, i, n, s, r) {
      if (
        ((this.startState = e),
        (this.changes = t),
        (this.selection = i),
        (this.effects = n),
        (this.annotations = s),
        (this.scrollIntoView = r),
        (this._doc = null),
        (this._state = null),
        i)
      )
        Aa(i, t.newLength)
      if (!s.some((o) => o.type == J.time)) this.annotations = s.concat(J.time.of(Date.now()))
    }
    static create(e, t, i, n, s, r) {
      return new J(e, t, i, n, s, r)
    }
    get newDoc() {
      return this._doc || (this._doc = this.changes.apply(this.startState.doc))
    }
    get newSelection() {
      return this.selection || this.startState.selection.map(this.changes)
    }
    get state() {
      if (!this._state) this.startState.applyTransaction(this)
      return this._state
    }
    annotation(e) {
      for (const t of this.annotations) if (t.type == e) return t.value
      return
    }
    get docChanged() {
      return !this.changes.empty
    }
    get reconfigured() {
      return this.startState.config != this.state.config
    }
    isUserEvent(e) {
      const t = this.annotation(J.userEvent)
      return !!(t && (t == e || (t.length > e.length && t.slice(0, e.length) == e && t[e.length] == '.')))
    }
  }
  J.time = Te.define()
  J.userEvent = Te.define()
  J.addToHistory = Te.define()
  J.remote = Te.define()
  function Hp(e, t) {
    const i = []
    for (let n = 0, s = 0; ; ) {
      let r, o
      if (n < e.length && (s == t.length || t[s] >= e[n])) (r = e[n++]), (o = e[n++])
      else if (s < t.length) (r = t[s++]), (o = t[s++])
      else return i
      if (!i.length || i[i.length - 1] < r) i.push(r, o)
      else if (i[i.length - 1] < o) i[i.length - 1] = o
    }
  }
  function Ea(e, t, i) {
    var n
    let s, r, o
    if (i) (s = t.changes), (r = re.empty(t.changes.length)), (o = e.changes.compose(t.changes))
    else (s = t.changes.map(e.changes)), (r = e.changes.mapDesc(t.changes, !0)), (o = e.changes.compose(s))
    return {
      changes: o,
      selection: t.selection ? t.selection.map(r) : (n = e.selection) === null || n === void 0 ? void 0 : n.map(s),
      effects: M.mapEffects(e.effects, s).concat(M.mapEffects(t.effects, r)),
      annotations: e.annotations.length ? e.annotations.concat(t.annotations) : t.annotations,
      scrollIntoView: e.scrollIntoView || t.scrollIntoView,
    }
  }
  function Ar(e, t, i) {
    let n = t.selection,
      s = ni(t.annotations)
    if (t.userEvent) s = s.concat(J.userEvent.of(t.userEvent))
    return {
      changes: t.changes instanceof re ? t.changes : re.of(t.changes || [], i, e.facet(Ma)),
      selection: n && (n instanceof b ? n : b.single(n.anchor, n.head)),
      effects: ni(t.effects),
      annotations: s,
      scrollIntoView: !!t.scrollIntoView,
    }
  }
  function Wa(e, t, i) {
    let n = Ar(e, t.length ? t[0] : {}, e.doc.length)
    if (t.length && t[0].filter === !1) i = !1
    for (let r = 1; r < t.length; r++) {
      if (t[r].filter === !1) i = !1
      const o = !!t[r].sequential
      n = Ea(n, Ar(e, t[r], o ? n.changes.newLength : e.doc.length), o)
    }
    const s = J.create(e, n.changes, n.selection, n.effects, n.annotations, n.scrollIntoView)
    return Jp(i ? Kp(s) : s)
  }
  function Kp(e) {
    let t = e.startState,
      i = !0
    for (const s of t.facet(Ra)) {
      const r = s(e)
      if (r === !1) {
        i = !1
        break
      }
      if (Array.isArray(r)) i = i === !0 ? r : Hp(i, r)
    }
    if (i !== !0) {
      let s, r
      if (i === !1) (r = e.changes.invertedDesc), (s = re.empty(t.doc.length))
      else {
        const o = e.changes.filter(i)
        ;(s = o.changes), (r = o.filtered.mapDesc(o.changes).invertedDesc)
      }
      e = J.create(t, s, e.selection && e.selection.map(r), M.mapEffects(e.effects, r), e.annotations, e.scrollIntoView)
    }
    const n = t.facet(Ta)
    for (let s = n.length - 1; s >= 0; s--) {
      const r = n[s](e)
      if (r instanceof J) e = r
      else if (Array.isArray(r) && r.length == 1 && r[0] instanceof J) e = r[0]
      else e = Wa(t, ni(r), !1)
    }
    return e
  }
  function Jp(e) {
    let t = e.startState,
      i = t.facet(_a),
      n = e
    for (let s = i.length - 1; s >= 0; s--) {
      const r = i[s](e)
      if (r && Object.keys(r).length) n = Ea(n, Ar(t, r, e.changes.newLength), !0)
    }
    return n == e ? e : J.create(t, e.changes, e.selection, n.effects, n.annotations, n.scrollIntoView)
  }
  var eO = []
  function ni(e) {
    return e == null ? eO : Array.isArray(e) ? e : [e]
  }
  var q = ((e) => ((e[(e.Word = 0)] = 'Word'), (e[(e.Space = 1)] = 'Space'), (e[(e.Other = 2)] = 'Other'), e))(
      q || (q = {}),
    ),
    tO = /[\u00df\u0587\u0590-\u05f4\u0600-\u06ff\u3040-\u309f\u30a0-\u30ff\u3400-\u4db5\u4e00-\u9fcc\uac00-\ud7af]/,
    Xr
  try {
    Xr = /[\p{Alphabetic}\p{Number}_]/u
  } catch (e) {}
  function iO(e) {
    if (Xr) return Xr.test(e)
    for (let t = 0; t < e.length; t++) {
      const i = e[t]
      if (/\w/.test(i) || (i > '' && (i.toUpperCase() != i.toLowerCase() || tO.test(i)))) return !0
    }
    return !1
  }
  function nO(e) {
    return (t) => {
      if (!/\S/.test(t)) return q.Space
      if (iO(t)) return q.Word
      for (let i = 0; i < e.length; i++) if (t.indexOf(e[i]) > -1) return q.Word
      return q.Other
    }
  }
  class W {
    constructor(e, t, i, n, s, r) {
      if (
        ((this.config = e),
        (this.doc = t),
        (this.selection = i),
        (this.values = n),
        (this.status = e.statusTemplate.slice()),
        (this.computeSlot = s),
        r)
      )
        r._state = this
      for (let o = 0; o < this.config.dynamicSlots.length; o++) qi(this, o << 1)
      this.computeSlot = null
    }
    field(e, t = !0) {
      const i = this.config.address[e.id]
      if (i == null) {
        if (t) throw RangeError('Field is not present in this state')
        return
      }
      return (qi(this, i), Vn(this, i))
    }
    update(...e) {
      return Wa(this, e, !0)
    }
    applyTransaction(e) {
      let t = this.config,
        { base: i, compartments: n } = t
      for (const o of e.effects)
        if (o.is(Nn.reconfigure)) {
          if (t) (n = new Map()), t.compartments.forEach((l, a) => n.set(a, l)), (t = null)
          n.set(o.value.compartment, o.value.extension)
        } else if (o.is(M.reconfigure)) (t = null), (i = o.value)
        else if (o.is(M.appendConfig)) (t = null), (i = ni(i).concat(o.value))
      let s
      if (!t)
        (t = Un.resolve(i, n, this)),
          (s = new W(
            t,
            this.doc,
            this.selection,
            t.dynamicSlots.map(() => null),
            (l, a) => a.reconfigure(l, this),
            null,
          ).values)
      else s = e.startState.values.slice()
      const r = e.startState.facet(Zr) ? e.newSelection : e.newSelection.asSingle()
      new W(t, e.newDoc, r, s, (o, l) => l.update(o, e), e)
    }
    replaceSelection(e) {
      if (typeof e == 'string') e = this.toText(e)
      return this.changeByRange((t) => ({
        changes: { from: t.from, to: t.to, insert: e },
        range: b.cursor(t.from + e.length, -1),
      }))
    }
    changeByRange(e) {
      let t = this.selection,
        i = e(t.ranges[0]),
        n = this.changes(i.changes),
        s = [i.range],
        r = ni(i.effects)
      for (let o = 1; o < t.ranges.length; o++) {
        const l = e(t.ranges[o]),
          a = this.changes(l.changes),
          h = a.map(n)
        for (let f = 0; f < o; f++) s[f] = s[f].map(h)
        const c = n.mapDesc(a, !0)
        s.push(l.range.map(c)), (n = n.compose(h)), (r = M.mapEffects(r, h).concat(M.mapEffects(ni(l.effects), c)))
      }
      return { changes: n, selection: b.create(s, t.mainIndex), effects: r }
    }
    changes(e = []) {
      if (e instanceof re) return e
      return re.of(e, this.doc.length, this.facet(W.lineSeparator))
    }
    toText(e) {
      return j.of(e.split(this.facet(W.lineSeparator) || vr))
    }
    sliceDoc(e = 0, t = this.doc.length) {
      return this.doc.sliceString(e, t, this.lineBreak)
    }
    facet(e) {
      const t = this.config.address[e.id]
      if (t == null) return e.default
      return (qi(this, t), Vn(this, t))
    }
    toJSON(e) {
      const t = { doc: this.sliceDoc(), selection: this.selection.toJSON() }
      if (e)
        for (const i in e) {
          const n = e[i]
          if (n instanceof H && this.config.address[n.id] != null) t[i] = n.spec.toJSON(this.field(e[i]), this)
        }
      return t
    }
    static fromJSON(e, t = {}, i) {
      if (!e || typeof e.doc != 'string') throw RangeError('Invalid JSON representation for EditorState')
      const n = []
      if (i) {
        for (const s in i)
          if (Object.hasOwn(e, s)) {
            const r = i[s],
              o = e[s]
            n.push(r.init((l) => r.spec.fromJSON(o, l)))
          }
      }
      return W.create({
        doc: e.doc,
        selection: b.fromJSON(e.selection),
        extensions: t.extensions ? n.concat([t.extensions]) : n,
      })
    }
    static create(e = {}) {
      let t = Un.resolve(e.extensions || [], new Map()),
        i = e.doc instanceof j ? e.doc : j.of((e.doc || '').split(t.staticFacet(W.lineSeparator) || vr)),
        n = !e.selection
          ? b.single(0)
          : e.selection instanceof b
            ? e.selection
            : b.single(e.selection.anchor, e.selection.head)
      if ((Aa(n, i.length), !t.staticFacet(Zr))) n = n.asSingle()
      return new W(
        t,
        i,
        n,
        t.dynamicSlots.map(() => null),
        (s, r) => r.create(s),
        null,
      )
    }
    get tabSize() {
      return this.facet(W.tabSize)
    }
    get lineBreak() {
      return (
        this.facet(W.lineSeparator) ||
        `
`
      )
    }
    get readOnly() {
      return this.facet(La)
    }
    phrase(e, ...t) {
      for (const i of this.facet(W.phrases))
        if (Object.hasOwn(i, e)) {
          e = i[e]
          break
        }
      if (t.length)
        e = e.replace(/\$(\$|\d*)/g, (i, n) => {
          if (n == '$') return '$'
          const s = +(n || 1)
          return !s || s > t.length ? i : t[s - 1]
        })
      return e
    }
    languageDataAt(e, t, i = -1) {
      const n = []
      for (const s of this.facet(Xa)) for (const r of s(this, t, i)) if (Object.hasOwn(r, e)) n.push(r[e])
      return n
    }
    charCategorizer(e) {
      const t = this.languageDataAt('wordChars', e)
      return nO(t.length ? t[0] : '')
    }
    wordAt(e) {
      let { text: t, from: i, length: n } = this.doc.lineAt(e),
        s = this.charCategorizer(e),
        r = e - i,
        o = e - i
      while (r > 0) {
        const l = oe(t, r, !1)
        if (s(t.slice(l, r)) != q.Word) break
        r = l
      }
      while (o < n) {
        const l = oe(t, o)
        if (s(t.slice(o, l)) != q.Word) break
        o = l
      }
      return r == o ? null : b.range(r + i, o + i)
    }
  }
  W.allowMultipleSelections = Zr
  W.tabSize = k.define({ combine: (e) => (e.length ? e[0] : 4) })
  W.lineSeparator = Ma
  W.readOnly = La
  W.phrases = k.define({
    compare(e, t) {
      const i = Object.keys(e),
        n = Object.keys(t)
      return i.length == n.length && i.every((s) => e[s] == t[s])
    },
  })
  W.languageData = Xa
  W.changeFilter = Ra
  W.transactionFilter = Ta
  W.transactionExtender = _a
  Nn.reconfigure = M.define()
  function ue(e, t, i = {}) {
    const n = {}
    for (const s of e)
      for (const r of Object.keys(s)) {
        const o = s[r],
          l = n[r]
        if (l === void 0) n[r] = o
        else if (l === o || o === void 0);
        else if (Object.hasOwn(i, r)) n[r] = i[r](l, o)
        else throw Error('Config merge conflict for field ' + r)
      }
    for (const s in t) if (n[s] === void 0) n[s] = t[s]
    return n
  }
  class Ge {
    eq(e) {
      return this == e
    }
    range(e, t = e) {
      return Ui.create(e, t, this)
    }
  }
  Ge.prototype.startSide = Ge.prototype.endSide = 0
  Ge.prototype.point = !1
  Ge.prototype.mapMode = le.TrackDel
  function Er(e, t) {
    return e == t || (e.constructor == t.constructor && e.eq(t))
  }
  class Ui {
    constructor(e, t, i) {
      ;(this.from = e), (this.to = t), (this.value = i)
    }
    static create(e, t, i) {
      return new Ui(e, t, i)
    }
  }
  function Mr(e, t) {
    return e.from - t.from || e.value.startSide - t.value.startSide
  }
  class Wr {
    constructor(e, t, i, n) {
      ;(this.from = e), (this.to = t), (this.value = i), (this.maxPoint = n)
    }
    get length() {
      return ei(this.to)
    }
    findIndex(e, t, i, n = 0) {
      const s = i ? this.to : this.from
      for (let r = n, o = s.length; ; ) {
        if (r == o) return r
        const l = (r + o) >> 1,
          a = s[l] - e || (i ? this.value[l].endSide : this.value[l].startSide) - t
        if (l == r) return a >= 0 ? r : o
        if (a >= 0) o = l
        else r = l + 1
      }
    }
    between(e, t, i, n) {
      for (let s = this.findIndex(t, -1e9, !0), r = this.findIndex(i, 1e9, !1, s); s < r; s++)
        if (n(this.from[s] + e, this.to[s] + e, this.value[s]) === !1) return !1
    }
    map(e, t, i, n, s) {
      let r = [],
        o = [],
        l = [],
        a = -1,
        h = -1
      e: for (let c = 0; c < this.value.length; c++) {
        let f = this.value[c],
          u = this.from[c] + e,
          d = this.to[c] + e,
          p,
          O
        if (u == d) {
          const m = t.mapPos(u, f.startSide, f.mapMode)
          if (m == null) continue
          if (((p = O = m), f.startSide != f.endSide)) {
            if (((O = t.mapPos(u, f.endSide)), O < p)) continue
          }
        } else if (
          ((p = t.mapPos(u, f.startSide)),
          (O = t.mapPos(d, f.endSide)),
          p > O || (p == O && f.startSide > 0 && f.endSide <= 0))
        )
          continue
        if ((O - p || f.endSide - f.startSide) < 0) continue
        if (a < 0) a = p
        if (f.point) h = Math.max(h, O - p)
        if ((p - i || f.startSide - n) >= 0) r.push(f), o.push(p - a), l.push(O - a), (i = O), (n = f.endSide)
        else {
          if (p == O)
            for (let m = r.length; m > 0; m--) {
              if ((p - (l[m - 1] + a) || f.startSide - r[m - 1].endSide) >= 0) {
                r.splice(m, 0, f), o.splice(m, 0, p - a), l.splice(m, 0, O - a)
                continue e
              }
              if ((p - (o[m - 1] + a) || f.endSide - r[m - 1].startSide) > 0) break
            }
          s(p, O, f)
        }
      }
      return { mapped: r.length ? new Wr(o, l, r, h) : null, pos: a }
    }
  }
  class _ {
    constructor(e, t, i, n) {
      ;(this.chunkPos = e), (this.chunk = t), (this.nextLayer = i), (this.maxPoint = n)
    }
    static create(e, t, i, n) {
      return new _(e, t, i, n)
    }
    get length() {
      const e = this.chunk.length - 1
      return e < 0 ? 0 : Math.max(this.chunkEnd(e), this.nextLayer.length)
    }
    get size() {
      if (this.isEmpty) return 0
      let e = this.nextLayer.size
      for (const t of this.chunk) e += t.value.length
      return e
    }
    chunkEnd(e) {
      return this.chunkPos[e] + this.chunk[e].length
    }
    update(e) {
      let { add: t = [], sort: i = !1, filterFrom: n = 0, filterTo: s = this.length } = e,
        r = e.filter
      if (t.length == 0 && !r) return this
      if (i) t = t.slice().sort(Mr)
      if (this.isEmpty) return t.length ? _.of(t) : this
      let o = new Yr(this, null, -1).goto(0),
        l = 0,
        a = [],
        h = new $e()
      while (o.value || l < t.length)
        if (l < t.length && (o.from - t[l].from || o.startSide - t[l].value.startSide) >= 0) {
          const c = t[l++]
          if (!h.addInner(c.from, c.to, c.value, !1)) a.push(c)
        } else if (
          o.rangeIndex == 1 &&
          o.chunkIndex < this.chunk.length &&
          (l == t.length || this.chunkEnd(o.chunkIndex) < t[l].from) &&
          (!r || n > this.chunkEnd(o.chunkIndex) || s < this.chunkPos[o.chunkIndex]) &&
          h.addChunk(this.chunkPos[o.chunkIndex], this.chunk[o.chunkIndex])
        )
          o.nextChunk()
        else {
          if (!r || n > o.to || s < o.from || r(o.from, o.to, o.value)) {
            if (!h.addInner(o.from, o.to, o.value, !1)) a.push(Ui.create(o.from, o.to, o.value))
          }
          o.next()
        }
      return h.finishInner(
        this.nextLayer.isEmpty && !a.length
          ? _.empty
          : this.nextLayer.update({ add: a, filter: r, filterFrom: n, filterTo: s }),
      )
    }
    map(e) {
      if (e.empty || this.isEmpty) return this
      let t = [],
        i = [],
        n = -1,
        s,
        r = (l, a, h) => {
          if (!s) s = new $e()
          s.addRange(l, a, h, !1)
        }
      for (let l = 0; l < this.chunk.length; l++) {
        const a = this.chunkPos[l],
          h = this.chunk[l],
          c = e.touchesRange(a, a + h.length)
        if (c === !1) (n = Math.max(n, h.maxPoint)), t.push(h), i.push(e.mapPos(a))
        else if (c === !0) {
          const [f, u] = !t.length ? [-1, -1] : [ei(i) + ei(t).length, ei(ei(t).value).endSide],
            { mapped: d, pos: p } = h.map(a, e, f, u, r)
          if (d) (n = Math.max(n, d.maxPoint)), t.push(d), i.push(p)
        }
      }
      let o = this.nextLayer.map(e)
      if (s) o = s.finishInner(o)
      return t.length == 0 ? o : new _(i, t, o || _.empty, n)
    }
    between(e, t, i) {
      if (this.isEmpty) return
      for (let n = 0; n < this.chunk.length; n++) {
        const s = this.chunkPos[n],
          r = this.chunk[n]
        if (t >= s && e <= s + r.length && r.between(s, e - s, t - s, i) === !1) return
      }
      this.nextLayer.between(e, t, i)
    }
    iter(e = 0) {
      return Vi.from([this]).goto(e)
    }
    get isEmpty() {
      return this.nextLayer == this
    }
    static iter(e, t = 0) {
      return Vi.from(e).goto(t)
    }
    static compare(e, t, i, n, s = -1) {
      const r = e.filter((c) => c.maxPoint > 0 || (!c.isEmpty && c.maxPoint >= s)),
        o = t.filter((c) => c.maxPoint > 0 || (!c.isEmpty && c.maxPoint >= s)),
        l = va(r, o, i),
        a = new ti(r, l, s),
        h = new ti(o, l, s)
      if ((i.iterGaps((c, f, u) => $a(a, c, h, f, u, n)), i.empty && i.length == 0)) $a(a, 0, h, 0, 0, n)
    }
    static eq(e, t, i = 0, n) {
      if (n == null) n = 999999999
      const s = e.filter((h) => !h.isEmpty && t.indexOf(h) < 0),
        r = t.filter((h) => !h.isEmpty && e.indexOf(h) < 0)
      if (s.length != r.length) return !1
      if (!s.length) return !0
      const o = va(s, r),
        l = new ti(s, o, 0).goto(i),
        a = new ti(r, o, 0).goto(i)
      for (;;) {
        if (l.to != a.to || !Rr(l.active, a.active) || (l.point && (!a.point || !Er(l.point, a.point)))) return !1
        if (l.to > n) return !0
        l.next(), a.next()
      }
    }
    static spans(e, t, i, n, s = -1) {
      let r = new ti(e, null, s).goto(t),
        o = t,
        l = r.openStart
      for (;;) {
        const a = Math.min(r.to, i)
        if (r.point) {
          const h = r.activeForPoint(r.to),
            c = r.pointFrom < t ? h.length + 1 : r.point.startSide < 0 ? h.length : Math.min(h.length, l)
          n.point(o, a, r.point, h, c, r.pointRank), (l = Math.min(r.openEnd(a), h.length))
        } else if (a > o) n.span(o, a, r.active, l), (l = r.openEnd(a))
        if (r.to > i) return l + (r.point && r.to > i ? 1 : 0)
        ;(o = r.to), r.next()
      }
    }
    static of(e, t = !1) {
      const i = new $e()
      for (const n of e instanceof Ui ? [e] : t ? sO(e) : e) i.add(n.from, n.to, n.value)
      return i.finish()
    }
    static join(e) {
      if (!e.length) return _.empty
      let t = ei(e)
      for (let i = e.length - 2; i >= 0; i--)
        for (let n = e[i]; n != _.empty; n = n.nextLayer)
          t = new _(n.chunkPos, n.chunk, t, Math.max(n.maxPoint, t.maxPoint))
      return t
    }
  }
  _.empty = new _([], [], null, -1)
  function ei(e) {
    return e[e.length - 1]
  }
  function sO(e) {
    if (e.length > 1)
      for (let t = e[0], i = 1; i < e.length; i++) {
        const n = e[i]
        if (Mr(t, n) > 0) return e.slice().sort(Mr)
        t = n
      }
    return e
  }
  _.empty.nextLayer = _.empty
  class $e {
    finishChunk(e) {
      if (
        (this.chunks.push(new Wr(this.from, this.to, this.value, this.maxPoint)),
        this.chunkPos.push(this.chunkStart),
        (this.chunkStart = -1),
        (this.setMaxPoint = Math.max(this.setMaxPoint, this.maxPoint)),
        (this.maxPoint = -1),
        e)
      )
        (this.from = []), (this.to = []), (this.value = [])
    }
    constructor() {
      ;(this.chunks = []),
        (this.chunkPos = []),
        (this.chunkStart = -1),
        (this.last = null),
        (this.lastFrom = -1e9),
        (this.lastTo = -1e9),
        (this.from = []),
        (this.to = []),
        (this.value = []),
        (this.maxPoint = -1),
        (this.setMaxPoint = -1),
        (this.nextLayer = null)
    }
    add(e, t, i) {
      this.addRange(e, t, i, !0)
    }
    addRange(e, t, i, n) {
      if (!this.addInner(e, t, i, n)) (this.nextLayer || (this.nextLayer = new $e())).addRange(e, t, i, n)
    }
    addInner(e, t, i, n) {
      const s = e - this.lastTo || i.startSide - this.last.endSide
      if (n && s <= 0 && (e - this.lastFrom || i.startSide - this.last.startSide) < 0)
        throw Error('Ranges must be added sorted by `from` position and `startSide`')
      if (s < 0) return !1
      if (this.from.length == 250) this.finishChunk(!0)
      if (this.chunkStart < 0) this.chunkStart = e
      if (
        (this.from.push(e - this.chunkStart),
        this.to.push(t - this.chunkStart),
        (this.last = i),
        (this.lastFrom = e),
        (this.lastTo = t),
        this.value.push(i),
        i.point)
      )
        this.maxPoint = Math.max(this.maxPoint, t - e)
      return !0
    }
    addChunk(e, t) {
      if ((e - this.lastTo || t.value[0].startSide - this.last.endSide) < 0) return !1
      if (this.from.length) this.finishChunk(!0)
      ;(this.setMaxPoint = Math.max(this.setMaxPoint, t.maxPoint)), this.chunks.push(t), this.chunkPos.push(e)
      const i = t.value.length - 1
      return ((this.last = t.value[i]), (this.lastFrom = t.from[i] + e), (this.lastTo = t.to[i] + e), !0)
    }
    finish() {
      return this.finishInner(_.empty)
    }
    finishInner(e) {
      if (this.from.length) this.finishChunk(!1)
      if (this.chunks.length == 0) return e
      const t = _.create(
        this.chunkPos,
        this.chunks,
        this.nextLayer ? this.nextLayer.finishInner(e) : e,
        this.setMaxPoint,
      )
      return ((this.from = null), t)
    }
  }
  function va(e, t, i) {
    const n = new Map()
    for (const r of e)
      for (let o = 0; o < r.chunk.length; o++) if (r.chunk[o].maxPoint <= 0) n.set(r.chunk[o], r.chunkPos[o])
    const s = new Set()
    for (const r of t)
      for (let o = 0; o < r.chunk.length; o++) {
        const l = n.get(r.chunk[o])
        if (
          l != null &&
          (i ? i.mapPos(l) : l) == r.chunkPos[o] &&
          !(i === null || i === void 0 ? void 0 : i.touchesRange(l, l + r.chunk[o].length))
        )
          s.add(r.chunk[o])
      }
    return s
  }
  class Yr {
    constructor(e, t, i, n = 0) {
      ;(this.layer = e), (this.skip = t), (this.minPoint = i), (this.rank = n)
    }
    get startSide() {
      return this.value ? this.value.startSide : 0
    }
    get endSide() {
      return this.value ? this.value.endSide : 0
    }
    goto(e, t = -1e9) {
      return ((this.chunkIndex = this.rangeIndex = 0), this.gotoInner(e, t, !1), this)
    }
    gotoInner(e, t, i) {
      while (this.chunkIndex < this.layer.chunk.length) {
        const n = this.layer.chunk[this.chunkIndex]
        if (
          !((this.skip && this.skip.has(n)) || this.layer.chunkEnd(this.chunkIndex) < e || n.maxPoint < this.minPoint)
        )
          break
        this.chunkIndex++, (i = !1)
      }
      if (this.chunkIndex < this.layer.chunk.length) {
        const n = this.layer.chunk[this.chunkIndex].findIndex(e - this.layer.chunkPos[this.chunkIndex], t, !0)
        if (!i || this.rangeIndex < n) this.setRangeIndex(n)
      }
      this.next()
    }
    forward(e, t) {
      if ((this.to - e || this.endSide - t) < 0) this.gotoInner(e, t, !0)
    }
    next() {
      for (;;)
        if (this.chunkIndex == this.layer.chunk.length) {
          ;(this.from = this.to = 1e9), (this.value = null)
          break
        } else {
          const e = this.layer.chunkPos[this.chunkIndex],
            t = this.layer.chunk[this.chunkIndex],
            i = e + t.from[this.rangeIndex]
          if (
            ((this.from = i),
            (this.to = e + t.to[this.rangeIndex]),
            (this.value = t.value[this.rangeIndex]),
            this.setRangeIndex(this.rangeIndex + 1),
            this.minPoint < 0 || (this.value.point && this.to - this.from >= this.minPoint))
          )
            break
        }
    }
    setRangeIndex(e) {
      if (e == this.layer.chunk[this.chunkIndex].value.length) {
        if ((this.chunkIndex++, this.skip))
          while (this.chunkIndex < this.layer.chunk.length && this.skip.has(this.layer.chunk[this.chunkIndex]))
            this.chunkIndex++
        this.rangeIndex = 0
      } else this.rangeIndex = e
    }
    nextChunk() {
      this.chunkIndex++, (this.rangeIndex = 0), this.next()
    }
    compare(e) {
      return (
        this.from - e.from ||
        this.startSide - e.startSide ||
        this.rank - e.rank ||
        this.to - e.to ||
        this.endSide - e.endSide
      )
    }
  }
  class Vi {
    constructor(e) {
      this.heap = e
    }
    static from(e, t = null, i = -1) {
      const n = []
      for (let s = 0; s < e.length; s++)
        for (let r = e[s]; !r.isEmpty; r = r.nextLayer) if (r.maxPoint >= i) n.push(new Yr(r, t, i, s))
      return n.length == 1 ? n[0] : new Vi(n)
    }
    get startSide() {
      return this.value ? this.value.startSide : 0
    }
    goto(e, t = -1e9) {
      for (const i of this.heap) i.goto(e, t)
      for (let i = this.heap.length >> 1; i >= 0; i--) kr(this.heap, i)
      return (this.next(), this)
    }
    forward(e, t) {
      for (const i of this.heap) i.forward(e, t)
      for (let i = this.heap.length >> 1; i >= 0; i--) kr(this.heap, i)
      if ((this.to - e || this.value.endSide - t) < 0) this.next()
    }
    next() {
      if (this.heap.length == 0) (this.from = this.to = 1e9), (this.value = null), (this.rank = -1)
      else {
        const e = this.heap[0]
        if (((this.from = e.from), (this.to = e.to), (this.value = e.value), (this.rank = e.rank), e.value)) e.next()
        kr(this.heap, 0)
      }
    }
  }
  function kr(e, t) {
    for (let i = e[t]; ; ) {
      let n = (t << 1) + 1
      if (n >= e.length) break
      let s = e[n]
      if (n + 1 < e.length && s.compare(e[n + 1]) >= 0) (s = e[n + 1]), n++
      if (i.compare(s) < 0) break
      ;(e[n] = i), (e[t] = s), (t = n)
    }
  }
  class ti {
    constructor(e, t, i) {
      ;(this.minPoint = i),
        (this.active = []),
        (this.activeTo = []),
        (this.activeRank = []),
        (this.minActive = -1),
        (this.point = null),
        (this.pointFrom = 0),
        (this.pointRank = 0),
        (this.to = -1e9),
        (this.endSide = 0),
        (this.openStart = -1),
        (this.cursor = Vi.from(e, t, i))
    }
    goto(e, t = -1e9) {
      return (
        this.cursor.goto(e, t),
        (this.active.length = this.activeTo.length = this.activeRank.length = 0),
        (this.minActive = -1),
        (this.to = e),
        (this.endSide = t),
        (this.openStart = -1),
        this.next(),
        this
      )
    }
    forward(e, t) {
      while (this.minActive > -1 && (this.activeTo[this.minActive] - e || this.active[this.minActive].endSide - t) < 0)
        this.removeActive(this.minActive)
      this.cursor.forward(e, t)
    }
    removeActive(e) {
      zn(this.active, e),
        zn(this.activeTo, e),
        zn(this.activeRank, e),
        (this.minActive = Pa(this.active, this.activeTo))
    }
    addActive(e) {
      let t = 0,
        { value: i, to: n, rank: s } = this.cursor
      while (t < this.activeRank.length && (s - this.activeRank[t] || n - this.activeTo[t]) > 0) t++
      if ((Bn(this.active, t, i), Bn(this.activeTo, t, n), Bn(this.activeRank, t, s), e)) Bn(e, t, this.cursor.from)
      this.minActive = Pa(this.active, this.activeTo)
    }
    next() {
      const e = this.to,
        t = this.point
      this.point = null
      const i = this.openStart < 0 ? [] : null
      for (;;) {
        const n = this.minActive
        if (n > -1 && (this.activeTo[n] - this.cursor.from || this.active[n].endSide - this.cursor.startSide) < 0) {
          if (this.activeTo[n] > e) {
            ;(this.to = this.activeTo[n]), (this.endSide = this.active[n].endSide)
            break
          }
          if ((this.removeActive(n), i)) zn(i, n)
        } else if (!this.cursor.value) {
          this.to = this.endSide = 1e9
          break
        } else if (this.cursor.from > e) {
          ;(this.to = this.cursor.from), (this.endSide = this.cursor.startSide)
          break
        } else {
          const s = this.cursor.value
          if (!s.point) this.addActive(i), this.cursor.next()
          else if (t && this.cursor.to == this.to && this.cursor.from < this.cursor.to) this.cursor.next()
          else {
            ;(this.point = s),
              (this.pointFrom = this.cursor.from),
              (this.pointRank = this.cursor.rank),
              (this.to = this.cursor.to),
              (this.endSide = s.endSide),
              this.cursor.next(),
              this.forward(this.to, this.endSide)
            break
          }
        }
      }
      if (i) {
        this.openStart = 0
        for (let n = i.length - 1; n >= 0 && i[n] < e; n--) this.openStart++
      }
    }
    activeForPoint(e) {
      if (!this.active.length) return this.active
      const t = []
      for (let i = this.active.length - 1; i >= 0; i--) {
        if (this.activeRank[i] < this.pointRank) break
        if (this.activeTo[i] > e || (this.activeTo[i] == e && this.active[i].endSide >= this.point.endSide))
          t.push(this.active[i])
      }
      return t.reverse()
    }
    openEnd(e) {
      let t = 0
      for (let i = this.activeTo.length - 1; i >= 0 && this.activeTo[i] > e; i--) t++
      return t
    }
  }
  function $a(e, t, i, n, s, r) {
    e.goto(t), i.goto(n)
    let o = n + s,
      l = n,
      a = n - t,
      h = !!r.boundChange
    for (let c = !1; ; ) {
      const f = e.to + a - i.to,
        u = f || e.endSide - i.endSide,
        d = u < 0 ? e.to + a : i.to,
        p = Math.min(d, o)
      if (e.point || i.point) {
        if (!(e.point && i.point && Er(e.point, i.point) && Rr(e.activeForPoint(e.to), i.activeForPoint(i.to))))
          r.comparePoint(l, p, e.point, i.point)
        c = !1
      } else {
        if (c) r.boundChange(l), (c = !1)
        if (p > l && !Rr(e.active, i.active)) r.compareRange(l, p, e.active, i.active)
        if (h && p < o && (f || e.openEnd(d) != i.openEnd(d))) c = !0
      }
      if (d > o) break
      if (((l = d), u <= 0)) e.next()
      if (u >= 0) i.next()
    }
  }
  function Rr(e, t) {
    if (e.length != t.length) return !1
    for (let i = 0; i < e.length; i++) if (e[i] != t[i] && !Er(e[i], t[i])) return !1
    return !0
  }
  function zn(e, t) {
    for (let i = t, n = e.length - 1; i < n; i++) e[i] = e[i + 1]
    e.pop()
  }
  function Bn(e, t, i) {
    for (let n = e.length - 1; n >= t; n--) e[n + 1] = e[n]
    e[t] = i
  }
  function Pa(e, t) {
    let i = -1,
      n = 1e9
    for (let s = 0; s < t.length; s++) if ((t[s] - n || e[s].endSide - e[i].endSide) < 0) (i = s), (n = t[s])
    return i
  }
  function gt(e, t, i = e.length) {
    let n = 0
    for (let s = 0; s < i && s < e.length; )
      if (e.charCodeAt(s) == 9) (n += t - (n % t)), s++
      else n++, (s = oe(e, s))
    return n
  }
  function Gn(e, t, i, n) {
    for (let s = 0, r = 0; ; ) {
      if (r >= t) return s
      if (s == e.length) break
      ;(r += e.charCodeAt(s) == 9 ? i - (r % i) : 1), (s = oe(e, s))
    }
    return n === !0 ? -1 : e.length
  }
  var Ya = typeof Symbol > 'u' ? '__' + 'ͼ' : Symbol.for('ͼ'),
    zr = typeof Symbol > 'u' ? '__styleSet' + Math.floor(Math.random() * 1e8) : Symbol('styleSet'),
    za = typeof globalThis < 'u' ? globalThis : typeof window < 'u' ? window : {}
  class Fe {
    constructor(e, t) {
      this.rules = []
      const { finish: i } = t || {}
      function n(s, r, o, l) {
        const a = [],
          h = /^@(\w+)\b/.exec(s[0]),
          c = h && h[1] == 'keyframes'
        if (h && r == null) return o.push(s[0] + ';')
        for (let f in r) {
          const u = r[f]
          if (/&/.test(f))
            n(
              f
                .split(/,\s*/)
                .map((d) => s.map((p) => d.replace(/&/, p)))
                .reduce((d, p) => d.concat(p)),
              u,
              o,
            )
          else if (u && typeof u == 'object') {
            if (!h) throw RangeError('The value of a property (' + f + ') should be a primitive value.')
            n(Ba(f), u, a, c)
          } else if (u != null) {
            if (!/^--/.test(f)) f = f.replace(/_.*/, '').replace(/[A-Z]/g, (d) => '-' + d.toLowerCase())
            a.push(f + ': ' + u + ';')
          }
        }
        if (a.length || c) o.push((i && !h && !l ? s.map(i) : s).join(', ') + ' {' + a.join(' ') + '}')
      }
      for (const s in e) n(Ba(s), e[s], this.rules)
    }
    getRules() {
      return this.rules.join(`
`)
    }
    static newName() {
      const e = za[Ya] || 1
      return ((za[Ya] = e + 1), 'ͼ' + e.toString(36))
    }
    static mount(e, t, i) {
      let n = e[zr],
        s = i && i.nonce
      if (!n) n = new qa(e, s)
      else if (s) n.setNonce(s)
      n.mount(Array.isArray(t) ? t : [t], e)
    }
  }
  function Ba(e) {
    if (/^@/.test(e)) return [e]
    let t = [],
      i = 0,
      n = null,
      s = 0,
      r = 0
    for (let o = 0; o < e.length; o++) {
      const l = e[o]
      if (l == '\\') o++
      else if (l == '"' || l == "'") {
        if (l == n) n = !1
        else if (!n) n = l
      } else if ((l == '[' || l == '(') && !n) i++
      else if ((l == ']' || l == ')') && !n) i--
      else if (l == ',' && !i && !n) t.push(e.slice(r, s)), (r = o + 1)
      if (/\S/.test(l)) s = o + 1
      else if (o == r) r++
    }
    return (t.push(e.slice(r, s)), t)
  }
  var Ia = new Map()
  class qa {
    constructor(e, t) {
      const i = e.ownerDocument || e,
        n = i.defaultView
      if (!e.head && e.adoptedStyleSheets && n.CSSStyleSheet) {
        const s = Ia.get(i)
        if (s) return (e[zr] = s)
        ;(this.sheet = new n.CSSStyleSheet()), Ia.set(i, this)
      } else if (((this.styleTag = i.createElement('style')), t)) this.styleTag.setAttribute('nonce', t)
      ;(this.modules = []), (e[zr] = this)
    }
    mount(e, t) {
      let i = this.sheet,
        n = 0,
        s = 0,
        r = !1
      for (let o = 0; o < e.length; o++) {
        let l = e[o],
          a = this.modules.indexOf(l)
        if (a < s && a > -1) this.modules.splice(a, 1), (r = !0), s--, (a = -1)
        if (a == -1) {
          if ((this.modules.splice(s++, 0, l), (r = !0), i))
            for (let h = 0; h < l.rules.length; h++) i.insertRule(l.rules[h], n++)
        } else {
          while (s < a) n += this.modules[s++].rules.length
          ;(n += l.rules.length), s++
        }
      }
      if (i) {
        if (t.adoptedStyleSheets.indexOf(this.sheet) < 0) t.adoptedStyleSheets = [this.sheet, ...t.adoptedStyleSheets]
      } else {
        if (r) {
          let l = ''
          for (let a = 0; a < this.modules.length; a++)
            l +=
              this.modules[a].getRules() +
              `
`
          this.styleTag.textContent = l
        }
        const o = t.head || t
        if (this.styleTag.parentNode != o) o.insertBefore(this.styleTag, o.firstChild)
      }
    }
    setNonce(e) {
      if (this.styleTag && this.styleTag.getAttribute('nonce') != e) this.styleTag.setAttribute('nonce', e)
    }
  }
  var bt = {
      8: 'Backspace',
      9: 'Tab',
      10: 'Enter',
      12: 'NumLock',
      13: 'Enter',
      16: 'Shift',
      17: 'Control',
      18: 'Alt',
      20: 'CapsLock',
      27: 'Escape',
      32: ' ',
      33: 'PageUp',
      34: 'PageDown',
      35: 'End',
      36: 'Home',
      37: 'ArrowLeft',
      38: 'ArrowUp',
      39: 'ArrowRight',
      40: 'ArrowDown',
      44: 'PrintScreen',
      45: 'Insert',
      46: 'Delete',
      59: ';',
      61: '=',
      91: 'Meta',
      92: 'Meta',
      106: '*',
      107: '+',
      108: ',',
      109: '-',
      110: '.',
      111: '/',
      144: 'NumLock',
      145: 'ScrollLock',
      160: 'Shift',
      161: 'Shift',
      162: 'Control',
      163: 'Control',
      164: 'Alt',
      165: 'Alt',
      173: '-',
      186: ';',
      187: '=',
      188: ',',
      189: '-',
      190: '.',
      191: '/',
      192: '`',
      219: '[',
      220: '\\',
      221: ']',
      222: "'",
    },
    oi = {
      48: ')',
      49: '!',
      50: '@',
      51: '#',
      52: '$',
      53: '%',
      54: '^',
      55: '&',
      56: '*',
      57: '(',
      59: ':',
      61: '+',
      173: '_',
      186: ':',
      187: '+',
      188: '<',
      189: '_',
      190: '>',
      191: '?',
      192: '~',
      219: '{',
      220: '|',
      221: '}',
      222: '"',
    },
    rO = typeof navigator < 'u' && /Mac/.test(navigator.platform),
    oO = typeof navigator < 'u' && /MSIE \d|Trident\/(?:[7-9]|\d{2,})\..*rv:(\d+)/.exec(navigator.userAgent)
  for (ee = 0; ee < 10; ee++) bt[48 + ee] = bt[96 + ee] = String(ee)
  var ee
  for (ee = 1; ee <= 24; ee++) bt[ee + 111] = 'F' + ee
  var ee
  for (ee = 65; ee <= 90; ee++) (bt[ee] = String.fromCharCode(ee + 32)), (oi[ee] = String.fromCharCode(ee))
  var ee
  for (Gi in bt) if (!Object.hasOwn(oi, Gi)) oi[Gi] = bt[Gi]
  var Gi
  function Ua(e) {
    var t =
        (rO && e.metaKey && e.shiftKey && !e.ctrlKey && !e.altKey) ||
        (oO && e.shiftKey && e.key && e.key.length == 1) ||
        e.key == 'Unidentified',
      i = (!t && e.key) || (e.shiftKey ? oi : bt)[e.keyCode] || e.key || 'Unidentified'
    if (i == 'Esc') i = 'Escape'
    if (i == 'Del') i = 'Delete'
    if (i == 'Left') i = 'ArrowLeft'
    if (i == 'Up') i = 'ArrowUp'
    if (i == 'Right') i = 'ArrowRight'
    if (i == 'Down') i = 'ArrowDown'
    return i
  }
  function Y() {
    var e = arguments[0]
    if (typeof e == 'string') e = document.createElement(e)
    var t = 1,
      i = arguments[1]
    if (i && typeof i == 'object' && i.nodeType == null && !Array.isArray(i)) {
      for (var n in i)
        if (Object.hasOwn(i, n)) {
          var s = i[n]
          if (typeof s == 'string') e.setAttribute(n, s)
          else if (s != null) e[n] = s
        }
      t++
    }
    for (; t < arguments.length; t++) Va(e, arguments[t])
    return e
  }
  function Va(e, t) {
    if (typeof t == 'string') e.appendChild(document.createTextNode(t))
    else if (t == null);
    else if (t.nodeType != null) e.appendChild(t)
    else if (Array.isArray(t)) for (var i = 0; i < t.length; i++) Va(e, t[i])
    else throw RangeError('Unsupported child node: ' + t)
  }
  var Se = typeof navigator < 'u' ? navigator : { userAgent: '', vendor: '', platform: '' },
    Hr = typeof document < 'u' ? document : { documentElement: { style: {} } },
    Kr = /Edge\/(\d+)/.exec(Se.userAgent),
    Xh = /MSIE \d/.test(Se.userAgent),
    Jr = /Trident\/(?:[7-9]|\d{2,})\..*rv:(\d+)/.exec(Se.userAgent),
    ks = !!(Xh || Jr || Kr),
    Na = !ks && /gecko\/(\d+)/i.test(Se.userAgent),
    Br = !ks && /Chrome\/(\d+)/.exec(Se.userAgent),
    Ga = 'webkitFontSmoothing' in Hr.documentElement.style,
    eo = !ks && /Apple Computer/.test(Se.vendor),
    Fa = eo && (/Mobile\/\w+/.test(Se.userAgent) || Se.maxTouchPoints > 2),
    C = {
      mac: Fa || /Mac/.test(Se.platform),
      windows: /Win/.test(Se.platform),
      linux: /Linux|X11/.test(Se.platform),
      ie: ks,
      ie_version: Xh ? Hr.documentMode || 6 : Jr ? +Jr[1] : Kr ? +Kr[1] : 0,
      gecko: Na,
      gecko_version: Na ? +(/Firefox\/(\d+)/.exec(Se.userAgent) || [0, 0])[1] : 0,
      chrome: !!Br,
      chrome_version: Br ? +Br[1] : 0,
      ios: Fa,
      android: /Android\b/.test(Se.userAgent),
      webkit: Ga,
      webkit_version: Ga ? +(/\bAppleWebKit\/(\d+)/.exec(Se.userAgent) || [0, 0])[1] : 0,
      safari: eo,
      safari_version: eo ? +(/\bVersion\/(\d+(\.\d+)?)/.exec(Se.userAgent) || [0, 0])[1] : 0,
      tabSize: Hr.documentElement.style.tabSize != null ? 'tab-size' : '-moz-tab-size',
    }
  function $o(e, t) {
    for (const i in e)
      if (i == 'class' && t.class) t.class += ' ' + e.class
      else if (i == 'style' && t.style) t.style += ';' + e.style
      else t[i] = e[i]
    return t
  }
  var Os = Object.create(null)
  function Po(e, t, i) {
    if (e == t) return !0
    if (!e) e = Os
    if (!t) t = Os
    const n = Object.keys(e),
      s = Object.keys(t)
    if (n.length - 0 != s.length - 0) return !1
    for (const r of n) if (r != i && (s.indexOf(r) == -1 || e[r] !== t[r])) return !1
    return !0
  }
  function lO(e, t) {
    for (let i = e.attributes.length - 1; i >= 0; i--) {
      const n = e.attributes[i].name
      if (t[n] == null) e.removeAttribute(n)
    }
    for (const i in t) {
      const n = t[i]
      if (i == 'style') e.style.cssText = n
      else if (e.getAttribute(i) != n) e.setAttribute(i, n)
    }
  }
  function Ha(e, t, i) {
    let n = !1
    if (t) {
      for (const s in t)
        if (!(i && s in i))
          if (((n = !0), s == 'style')) e.style.cssText = ''
          else e.removeAttribute(s)
    }
    if (i) {
      for (const s in i)
        if (!(t && t[s] == i[s]))
          if (((n = !0), s == 'style')) e.style.cssText = i[s]
          else e.setAttribute(s, i[s])
    }
    return n
  }
  function aO(e) {
    const t = Object.create(null)
    for (let i = 0; i < e.attributes.length; i++) {
      const n = e.attributes[i]
      t[n.name] = n.value
    }
    return t
  }
  class Ce {
    eq(e) {
      return !1
    }
    updateDOM(e, t, i) {
      return !1
    }
    compare(e) {
      return this == e || (this.constructor == e.constructor && this.eq(e))
    }
    get estimatedHeight() {
      return -1
    }
    get lineBreaks() {
      return 0
    }
    ignoreEvent(e) {
      return !0
    }
    coordsAt(e, t, i) {
      return null
    }
    get isHidden() {
      return !1
    }
    get editable() {
      return !1
    }
    destroy(e) {}
  }
  var Oe = ((e) => (
    (e[(e.Text = 0)] = 'Text'),
    (e[(e.WidgetBefore = 1)] = 'WidgetBefore'),
    (e[(e.WidgetAfter = 2)] = 'WidgetAfter'),
    (e[(e.WidgetRange = 3)] = 'WidgetRange'),
    e
  ))(Oe || (Oe = {}))
  class X extends Ge {
    constructor(e, t, i, n) {
      super()
      ;(this.startSide = e), (this.endSide = t), (this.widget = i), (this.spec = n)
    }
    get heightRelevant() {
      return !1
    }
    static mark(e) {
      return new cn(e)
    }
    static widget(e) {
      let t = Math.max(-1e4, Math.min(1e4, e.side || 0)),
        i = !!e.block
      return (
        (t += i && !e.inlineOrder ? (t > 0 ? 300000000 : -400000000) : t > 0 ? 1e8 : -1e8),
        new Yt(e, t, t, i, e.widget || null, !1)
      )
    }
    static replace(e) {
      let t = !!e.block,
        i,
        n
      if (e.isBlockGap) (i = -500000000), (n = 400000000)
      else {
        const { start: s, end: r } = Mh(e, t)
        ;(i = (s ? (t ? -300000000 : -1) : 500000000) - 1), (n = (r ? (t ? 200000000 : 1) : -600000000) + 1)
      }
      return new Yt(e, i, n, t, e.widget || null, !0)
    }
    static line(e) {
      return new fn(e)
    }
    static set(e, t = !1) {
      return _.of(e, t)
    }
    hasHeight() {
      return this.widget ? this.widget.estimatedHeight > -1 : !1
    }
  }
  X.none = _.empty
  class cn extends X {
    constructor(e) {
      const { start: t, end: i } = Mh(e)
      super(t ? -1 : 500000000, i ? 1 : -600000000, null, e)
      ;(this.tagName = e.tagName || 'span'),
        (this.attrs =
          e.class && e.attributes
            ? $o(e.attributes, { class: e.class })
            : e.class
              ? { class: e.class }
              : e.attributes || Os)
    }
    eq(e) {
      return this == e || (e instanceof cn && this.tagName == e.tagName && Po(this.attrs, e.attrs))
    }
    range(e, t = e) {
      if (e >= t) throw RangeError('Mark decorations may not be empty')
      return super.range(e, t)
    }
  }
  cn.prototype.point = !1
  class fn extends X {
    constructor(e) {
      super(-200000000, -200000000, null, e)
    }
    eq(e) {
      return e instanceof fn && this.spec.class == e.spec.class && Po(this.spec.attributes, e.spec.attributes)
    }
    range(e, t = e) {
      if (t != e) throw RangeError('Line decoration ranges must be zero-length')
      return super.range(e, t)
    }
  }
  fn.prototype.mapMode = le.TrackBefore
  fn.prototype.point = !0
  class Yt extends X {
    constructor(e, t, i, n, s, r) {
      super(t, i, s, e)
      ;(this.block = n),
        (this.isReplace = r),
        (this.mapMode = !n ? le.TrackDel : t <= 0 ? le.TrackBefore : le.TrackAfter)
    }
    get type() {
      return this.startSide != this.endSide ? Oe.WidgetRange : this.startSide <= 0 ? Oe.WidgetBefore : Oe.WidgetAfter
    }
    get heightRelevant() {
      return this.block || (!!this.widget && (this.widget.estimatedHeight >= 5 || this.widget.lineBreaks > 0))
    }
    eq(e) {
      return (
        e instanceof Yt &&
        hO(this.widget, e.widget) &&
        this.block == e.block &&
        this.startSide == e.startSide &&
        this.endSide == e.endSide
      )
    }
    range(e, t = e) {
      if (this.isReplace && (e > t || (e == t && this.startSide > 0 && this.endSide <= 0)))
        throw RangeError('Invalid range for replacement decoration')
      if (!this.isReplace && t != e) throw RangeError('Widget decorations can only have zero-length ranges')
      return super.range(e, t)
    }
  }
  Yt.prototype.point = !0
  function Mh(e, t = !1) {
    let { inclusiveStart: i, inclusiveEnd: n } = e
    if (i == null) i = e.inclusive
    if (n == null) n = e.inclusive
    return { start: i !== null && i !== void 0 ? i : t, end: n !== null && n !== void 0 ? n : t }
  }
  function hO(e, t) {
    return e == t || !!(e && t && e.compare(t))
  }
  function ci(e, t, i, n = 0) {
    const s = i.length - 1
    if (s >= 0 && i[s] + n >= e) i[s] = Math.max(i[s], t)
    else i.push(e, t)
  }
  class on extends Ge {
    constructor(e, t, i) {
      super()
      ;(this.tagName = e), (this.attributes = t), (this.rank = i)
    }
    eq(e) {
      return e == this || (e instanceof on && this.tagName == e.tagName && Po(this.attributes, e.attributes))
    }
    static create(e) {
      return new on(e.tagName, e.attributes || Os, e.rank == null ? 50 : Math.max(0, Math.min(e.rank, 100)))
    }
    static set(e, t = !1) {
      return _.of(e, t)
    }
  }
  on.prototype.startSide = on.prototype.endSide = -1
  var ae = (e) => e.nodeType == 1,
    di = (e) => e.nodeType == 3
  function ln(e) {
    let t
    if (e.nodeType == 11) t = e.getSelection ? e : e.ownerDocument
    else t = e
    return t.getSelection()
  }
  function to(e, t) {
    return t ? e == t || e.contains(t.nodeType != 1 ? t.parentNode : t) : !1
  }
  function tn(e, t) {
    if (!t.anchorNode) return !1
    try {
      return to(e, t.anchorNode)
    } catch (i) {
      return !1
    }
  }
  function rs(e) {
    if (di(e)) return an(e, 0, e.nodeValue.length).getClientRects()
    else if (ae(e)) return e.getClientRects()
    else return []
  }
  function nn(e, t, i, n) {
    return i ? Ka(e, t, i, n, -1) || Ka(e, t, i, n, 1) : !1
  }
  function Zt(e) {
    for (var t = 0; ; t++) if (((e = e.previousSibling), !e)) return t
  }
  function ms(e) {
    return ae(e) && /^(DIV|P|LI|UL|OL|BLOCKQUOTE|DD|DT|H\d|SECTION|PRE)$/.test(e.nodeName)
  }
  function Ka(e, t, i, n, s) {
    for (;;) {
      if (e == i && t == n) return !0
      if (t == (s < 0 ? 0 : St(e))) {
        if (e.nodeName == 'DIV') return !1
        const r = e.parentNode
        if (!r || !ae(r)) return !1
        ;(t = Zt(e) + (s < 0 ? 0 : 1)), (e = r)
      } else if (ae(e)) {
        if (
          ((e = e.childNodes[t + (s < 0 ? -1 : 0)]),
          ae(e) && (e.nodeName == 'IMG' || e.nodeName == 'BR' || e.contentEditable == 'false'))
        )
          return !1
        t = s < 0 ? St(e) : 0
      } else return !1
    }
  }
  function St(e) {
    return di(e) ? e.nodeValue.length : e.childNodes.length
  }
  function gs(e, t) {
    const { left: i, right: n } = e
    if (i == n) return e
    const s = t ? i : n
    return { left: s, right: s, top: e.top, bottom: e.bottom }
  }
  function cO(e) {
    const t = e.visualViewport
    if (t) return { left: 0, right: t.width, top: 0, bottom: t.height }
    return { left: 0, right: e.innerWidth, top: 0, bottom: e.innerHeight }
  }
  function Rh(e, t) {
    let i = t.width / e.offsetWidth,
      n = t.height / e.offsetHeight
    if ((i > 0.995 && i < 1.005) || !isFinite(i) || Math.abs(t.width - e.offsetWidth) < 1) i = 1
    if ((n > 0.995 && n < 1.005) || !isFinite(n) || Math.abs(t.height - e.offsetHeight) < 1) n = 1
    return { scaleX: i, scaleY: n }
  }
  function fO(e, t, i, n, s, r, o, l) {
    const a = e.ownerDocument,
      h = a.defaultView || window
    for (let c = e, f = !1; c && !f; )
      if (ae(c)) {
        let u,
          d = c == a.body,
          p = 1,
          O = 1,
          m = !0,
          y = !0
        if (d) u = cO(h)
        else {
          const P = getComputedStyle(c)
          if (/^(fixed|sticky)$/.test(P.position)) f = !0
          if (c.scrollHeight <= c.clientHeight || !/auto|scroll/.test(P.overflowY)) y = !1
          if (c.scrollWidth <= c.clientWidth || !/auto|scroll/.test(P.overflowX)) m = !1
          if (!m && !y) {
            c = c.assignedSlot || c.parentNode
            continue
          }
          const S = c.getBoundingClientRect()
          ;({ scaleX: p, scaleY: O } = Rh(c, S)),
            (u = { left: S.left, right: S.left + c.clientWidth * p, top: S.top, bottom: S.top + c.clientHeight * O })
        }
        let x = 0,
          Q = 0
        if (!y);
        else if (s == 'nearest') {
          if (t.top < u.top + o) {
            if (((Q = t.top - (u.top + o)), i > 0 && t.bottom > u.bottom + Q)) Q = t.bottom - u.bottom + o
          } else if (t.bottom > u.bottom - o) {
            if (((Q = t.bottom - u.bottom + o), i < 0 && t.top - Q < u.top)) Q = t.top - (u.top + o)
          }
        } else {
          const P = t.bottom - t.top,
            S = u.bottom - u.top
          Q =
            (s == 'center' && P <= S
              ? t.top + P / 2 - S / 2
              : s == 'start' || (s == 'center' && i < 0)
                ? t.top - o
                : t.bottom - S + o) - u.top
        }
        if (!m);
        else if (n == 'nearest') {
          if (t.left < u.left + r) {
            if (((x = t.left - (u.left + r)), i > 0 && t.right > u.right + x)) x = t.right - u.right + r
          } else if (t.right > u.right - r) {
            if (((x = t.right - u.right + r), i < 0 && t.left < u.left + x)) x = t.left - (u.left + r)
          }
        } else
          x =
            (n == 'center'
              ? t.left + (t.right - t.left) / 2 - (u.right - u.left) / 2
              : (n == 'start') == l
                ? t.left - r
                : t.right - (u.right - u.left) + r) - u.left
        if (x || Q)
          if (d) h.scrollBy(x, Q)
          else {
            let P = 0,
              S = 0
            if (Q) {
              const A = c.scrollTop
              ;(c.scrollTop += Q / O), (S = (c.scrollTop - A) * O)
            }
            if (x) {
              const A = c.scrollLeft
              ;(c.scrollLeft += x / p), (P = (c.scrollLeft - A) * p)
            }
            if (
              ((t = { left: t.left - P, top: t.top - S, right: t.right - P, bottom: t.bottom - S }),
              P && Math.abs(P - x) < 1)
            )
              n = 'nearest'
            if (S && Math.abs(S - Q) < 1) s = 'nearest'
          }
        if (d) break
        if (t.top < u.top || t.bottom > u.bottom || t.left < u.left || t.right > u.right)
          t = {
            left: Math.max(t.left, u.left),
            right: Math.min(t.right, u.right),
            top: Math.max(t.top, u.top),
            bottom: Math.min(t.bottom, u.bottom),
          }
        c = c.assignedSlot || c.parentNode
      } else if (c.nodeType == 11) c = c.host
      else break
  }
  function Th(e, t = !0) {
    let i = e.ownerDocument,
      n = null,
      s = null
    for (let r = e.parentNode; r; )
      if (r == i.body || ((!t || n) && s)) break
      else if (ae(r)) {
        if (!s && r.scrollHeight > r.clientHeight && /scroll|auto/.test(getComputedStyle(r).overflowY)) s = r
        if (t && !n && r.scrollWidth > r.clientWidth && /scroll|auto/.test(getComputedStyle(r).overflowX)) n = r
        r = r.assignedSlot || r.parentNode
      } else if (r.nodeType == 11) r = r.host
      else break
    return { x: n, y: s }
  }
  class _h {
    constructor() {
      ;(this.anchorNode = null), (this.anchorOffset = 0), (this.focusNode = null), (this.focusOffset = 0)
    }
    eq(e) {
      return (
        this.anchorNode == e.anchorNode &&
        this.anchorOffset == e.anchorOffset &&
        this.focusNode == e.focusNode &&
        this.focusOffset == e.focusOffset
      )
    }
    setRange(e) {
      const { anchorNode: t, focusNode: i } = e
      this.set(t, Math.min(e.anchorOffset, t ? St(t) : 0), i, Math.min(e.focusOffset, i ? St(i) : 0))
    }
    set(e, t, i, n) {
      ;(this.anchorNode = e), (this.anchorOffset = t), (this.focusNode = i), (this.focusOffset = n)
    }
  }
  function Lh(e) {
    const t = []
    for (let i = e; i; i = i.nodeType == 11 ? i.host : i.parentNode)
      if (ae(i)) t.push({ node: i, left: i.scrollLeft, top: i.scrollTop })
    return t
  }
  function Dh(e, t = !0) {
    for (const { node: i, left: n, top: s } of e) {
      if (t && i.scrollTop != s) i.scrollTop = s
      if (i.scrollLeft != n) i.scrollLeft = n
    }
  }
  var jt = null
  if (C.safari && C.safari_version >= 26) jt = !1
  function jh(e) {
    if (e.setActive) return e.setActive()
    if (jt) return e.focus(jt)
    const t = Lh(e)
    if (
      (e.focus(
        jt == null
          ? {
              get preventScroll() {
                return ((jt = { preventScroll: !0 }), !0)
              },
            }
          : void 0,
      ),
      !jt)
    )
      (jt = !1), Dh(t)
  }
  var Ja
  function an(e, t, i = t) {
    const n = Ja || (Ja = document.createRange())
    return (n.setEnd(e, i), n.setStart(e, t), n)
  }
  function fi(e, t, i, n) {
    const s = { key: t, code: t, keyCode: i, which: i, cancelable: !0 }
    if (n) ({ altKey: s.altKey, ctrlKey: s.ctrlKey, shiftKey: s.shiftKey, metaKey: s.metaKey } = n)
    const r = new KeyboardEvent('keydown', s)
    ;(r.synthetic = !0), e.dispatchEvent(r)
    const o = new KeyboardEvent('keyup', s)
    return ((o.synthetic = !0), e.dispatchEvent(o), r.defaultPrevented || o.defaultPrevented)
  }
  function uO(e) {
    while (e) {
      if (e && (e.nodeType == 9 || (e.nodeType == 11 && e.host))) return e
      e = e.assignedSlot || e.parentNode
    }
    return null
  }
  function dO(e, t) {
    let { focusNode: i, focusOffset: n } = t
    if (!i || t.anchorNode != i || t.anchorOffset != n) return !1
    n = Math.min(n, St(i))
    for (;;)
      if (n) {
        if (!ae(i)) return !1
        const s = i.childNodes[n - 1]
        if (s.contentEditable == 'false') n--
        else (i = s), (n = St(i))
      } else if (i == e) return !0
      else (n = Zt(i)), (i = i.parentNode)
  }
  function Eh(e) {
    if (e instanceof Window)
      return e.pageYOffset > Math.max(0, e.document.documentElement.scrollHeight - e.innerHeight - 4)
    return e.scrollTop > Math.max(1, e.scrollHeight - e.clientHeight - 4)
  }
  function Wh(e, t) {
    for (let i = e, n = t; ; )
      if (di(i) && n > 0) return { node: i, offset: n }
      else if (ae(i) && n > 0) {
        if (i.contentEditable == 'false') return null
        ;(i = i.childNodes[n - 1]), (n = St(i))
      } else if (i.parentNode && !ms(i)) (n = Zt(i)), (i = i.parentNode)
      else return null
  }
  function Yh(e, t) {
    for (let i = e, n = t; ; )
      if (di(i) && n < i.nodeValue.length) return { node: i, offset: n }
      else if (ae(i) && n < i.childNodes.length) {
        if (i.contentEditable == 'false') return null
        ;(i = i.childNodes[n]), (n = 0)
      } else if (i.parentNode && !ms(i)) (n = Zt(i) + 1), (i = i.parentNode)
      else return null
  }
  class Je {
    constructor(e, t, i = !0) {
      ;(this.node = e), (this.offset = t), (this.precise = i)
    }
    static before(e, t) {
      return new Je(e.parentNode, Zt(e), t)
    }
    static after(e, t) {
      return new Je(e.parentNode, Zt(e) + 1, t)
    }
  }
  var B = ((e) => ((e[(e.LTR = 0)] = 'LTR'), (e[(e.RTL = 1)] = 'RTL'), e))(B || (B = {})),
    pi = B.LTR,
    Co = B.RTL
  function zh(e) {
    const t = []
    for (let i = 0; i < e.length; i++) t.push(1 << +e[i])
    return t
  }
  var pO = zh(
      '88888888888888888888888888888888888666888888787833333333337888888000000000000000000000000008888880000000000000000000000000088888888888888888888888888888888888887866668888088888663380888308888800000000000000000000000800000000000000000000000000000008',
    ),
    OO = zh(
      '4444448826627288999999999992222222222222222222222222222222222222222222222229999999999999999999994444444444644222822222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222222999999949999999229989999223333333333',
    ),
    io = Object.create(null),
    ut = []
  for (const e of ['()', '[]', '{}']) {
    const t = e.charCodeAt(0),
      i = e.charCodeAt(1)
    ;(io[t] = i), (io[i] = -t)
  }
  function Bh(e) {
    return e <= 247
      ? pO[e]
      : 1424 <= e && e <= 1524
        ? 2
        : 1536 <= e && e <= 1785
          ? OO[e - 1536]
          : 1774 <= e && e <= 2220
            ? 4
            : 8192 <= e && e <= 8204
              ? 256
              : 64336 <= e && e <= 65023
                ? 4
                : 1
  }
  var mO = /[\u0590-\u05f4\u0600-\u06ff\u0700-\u08ac\ufb50-\ufdff]/
  class et {
    get dir() {
      return this.level % 2 ? Co : pi
    }
    constructor(e, t, i) {
      ;(this.from = e), (this.to = t), (this.level = i)
    }
    side(e, t) {
      return (this.dir == t) == e ? this.to : this.from
    }
    forward(e, t) {
      return e == (this.dir == t)
    }
    static find(e, t, i, n) {
      let s = -1
      for (let r = 0; r < e.length; r++) {
        const o = e[r]
        if (o.from <= t && o.to >= t) {
          if (o.level == i) return r
          if (s < 0 || (n != 0 ? (n < 0 ? o.from < t : o.to > t) : e[s].level > o.level)) s = r
        }
      }
      if (s < 0) throw RangeError('Index out of range')
      return s
    }
  }
  function Ih(e, t) {
    if (e.length != t.length) return !1
    for (let i = 0; i < e.length; i++) {
      const n = e[i],
        s = t[i]
      if (n.from != s.from || n.to != s.to || n.direction != s.direction || !Ih(n.inner, s.inner)) return !1
    }
    return !0
  }
  var V = []
  function gO(e, t, i, n, s) {
    for (let r = 0; r <= n.length; r++) {
      const o = r ? n[r - 1].to : t,
        l = r < n.length ? n[r].from : i,
        a = r ? 256 : s
      for (let h = o, c = a, f = a; h < l; h++) {
        let u = Bh(e.charCodeAt(h))
        if (u == 512) u = c
        else if (u == 8 && f == 4) u = 16
        if (((V[h] = u == 4 ? 2 : u), u & 7)) f = u
        c = u
      }
      for (let h = o, c = a, f = a; h < l; h++) {
        let u = V[h]
        if (u == 128)
          if (h < l - 1 && c == V[h + 1] && c & 24) u = V[h] = c
          else V[h] = 256
        else if (u == 64) {
          let d = h + 1
          while (d < l && V[d] == 64) d++
          const p = (h && c == 8) || (d < i && V[d] == 8) ? (f == 1 ? 1 : 8) : 256
          for (let O = h; O < d; O++) V[O] = p
          h = d - 1
        } else if (u == 8 && f == 1) V[h] = 1
        if (((c = u), u & 7)) f = u
      }
    }
  }
  function bO(e, t, i, n, s) {
    const r = s == 1 ? 2 : 1
    for (let o = 0, l = 0, a = 0; o <= n.length; o++) {
      const h = o ? n[o - 1].to : t,
        c = o < n.length ? n[o].from : i
      for (let f = h, u, d, p; f < c; f++)
        if ((d = io[(u = e.charCodeAt(f))]))
          if (d < 0) {
            for (let O = l - 3; O >= 0; O -= 3)
              if (ut[O + 1] == -d) {
                const m = ut[O + 2],
                  y = m & 2 ? s : !(m & 4) ? 0 : m & 1 ? r : s
                if (y) V[f] = V[ut[O]] = y
                l = O
                break
              }
          } else if (ut.length == 189) break
          else (ut[l++] = f), (ut[l++] = u), (ut[l++] = a)
        else if ((p = V[f]) == 2 || p == 1) {
          const O = p == s
          a = O ? 0 : 1
          for (let m = l - 3; m >= 0; m -= 3) {
            const y = ut[m + 2]
            if (y & 2) break
            if (O) ut[m + 2] |= 2
            else {
              if (y & 4) break
              ut[m + 2] |= 4
            }
          }
        }
    }
  }
  function yO(e, t, i, n) {
    for (let s = 0, r = n; s <= i.length; s++) {
      let o = s ? i[s - 1].to : e,
        l = s < i.length ? i[s].from : t
      for (let a = o; a < l; ) {
        const h = V[a]
        if (h == 256) {
          let c = a + 1
          for (;;)
            if (c == l) {
              if (s == i.length) break
              ;(c = i[s++].to), (l = s < i.length ? i[s].from : t)
            } else if (V[c] == 256) c++
            else break
          const f = r == 1,
            u = (c < t ? V[c] : n) == 1,
            d = f == u ? (f ? 1 : 2) : n
          for (let p = c, O = s, m = O ? i[O - 1].to : e; p > a; ) {
            if (p == m) (p = i[--O].from), (m = O ? i[O - 1].to : e)
            V[--p] = d
          }
          a = c
        } else (r = h), a++
      }
    }
  }
  function no(e, t, i, n, s, r, o) {
    const l = n % 2 ? 2 : 1
    if (n % 2 == s % 2)
      for (let a = t, h = 0; a < i; ) {
        let c = !0,
          f = !1
        if (h == r.length || a < r[h].from) {
          const O = V[a]
          if (O != l) (c = !1), (f = O == 16)
        }
        let u = !c && l == 1 ? [] : null,
          d = c ? n : n + 1,
          p = a
        e: for (;;)
          if (h < r.length && p == r[h].from) {
            if (f) break
            const O = r[h]
            if (!c)
              for (let m = O.to, y = h + 1; ; ) {
                if (m == i) break e
                if (y < r.length && r[y].from == m) m = r[y++].to
                else if (V[m] == l) break e
                else break
              }
            if ((h++, u)) u.push(O)
            else {
              if (O.from > a) o.push(new et(a, O.from, d))
              const m = (O.direction == pi) != !(d % 2)
              so(e, m ? n + 1 : n, s, O.inner, O.from, O.to, o), (a = O.to)
            }
            p = O.to
          } else if (p == i || (c ? V[p] != l : V[p] == l)) break
          else p++
        if (u) no(e, a, p, n + 1, s, u, o)
        else if (a < p) o.push(new et(a, p, d))
        a = p
      }
    else
      for (let a = i, h = r.length; a > t; ) {
        let c = !0,
          f = !1
        if (!h || a > r[h - 1].to) {
          const O = V[a - 1]
          if (O != l) (c = !1), (f = O == 16)
        }
        let u = !c && l == 1 ? [] : null,
          d = c ? n : n + 1,
          p = a
        e: for (;;)
          if (h && p == r[h - 1].to) {
            if (f) break
            const O = r[--h]
            if (!c)
              for (let m = O.from, y = h; ; ) {
                if (m == t) break e
                if (y && r[y - 1].to == m) m = r[--y].from
                else if (V[m - 1] == l) break e
                else break
              }
            if (u) u.push(O)
            else {
              if (O.to < a) o.push(new et(O.to, a, d))
              const m = (O.direction == pi) != !(d % 2)
              so(e, m ? n + 1 : n, s, O.inner, O.from, O.to, o), (a = O.from)
            }
            p = O.from
          } else if (p == t || (c ? V[p - 1] != l : V[p - 1] == l)) break
          else p--
        if (u) no(e, p, a, n + 1, s, u, o)
        else if (p < a) o.push(new et(p, a, d))
        a = p
      }
  }
  function so(e, t, i, n, s, r, o) {
    const l = t % 2 ? 2 : 1
    gO(e, s, r, n, l), bO(e, s, r, n, l), yO(s, r, n, l), no(e, s, r, t, i, n, o)
  }
  function xO(e, t, i) {
    if (!e) return [new et(0, 0, t == Co ? 1 : 0)]
    if (t == pi && !i.length && !mO.test(e)) return qh(e.length)
    if (i.length) while (e.length > V.length) V[V.length] = 256
    const n = [],
      s = t == pi ? 0 : 1
    return (so(e, s, s, i, 0, e.length, n), n)
  }
  function qh(e) {
    return [new et(0, e, 0)]
  }
  var Uh = ''
  function SO(e, t, i, n, s) {
    var r
    if (!e.length) return null
    let o = n.head - e.from,
      l
    if (n.head == e.from && n.assoc < 0) {
      if (!s) return null
      o = t[(l = 0)].side(!1, i)
    } else if (n.head == e.to && n.assoc > 0) {
      if (s) return null
      o = t[(l = t.length - 1)].side(!0, i)
    } else l = et.find(t, o, (r = n.bidiLevel) !== null && r !== void 0 ? r : -1, n.assoc)
    let a = t[l],
      h = a.side(s, i)
    if (o == h) {
      const u = (l += s ? 1 : -1)
      if (u < 0 || u >= t.length) return null
      ;(a = t[(l = u)]), (o = a.side(!s, i)), (h = a.side(s, i))
    }
    let c = oe(e.text, o, a.forward(s, i))
    if (c < a.from || c > a.to) c = h
    Uh = e.text.slice(Math.min(o, c), Math.max(o, c))
    const f = l == (s ? t.length - 1 : 0) ? null : t[l + (s ? 1 : -1)]
    if (c == h) {
      if (!f) return s ? b.cursor(e.to, 1) : b.cursor(e.from, -1)
      if (f.level + (s ? 0 : 1) < a.level) return b.cursor(f.side(!s, i) + e.from, f.forward(s, i) ? 1 : -1, f.level)
    }
    return b.cursor(c + e.from, a.forward(s, i) ? -1 : 1, a.level)
  }
  function QO(e, t, i) {
    for (let n = t; n < i; n++) {
      const s = Bh(e.charCodeAt(n))
      if (s == 1) return pi
      if (s == 2 || s == 4) return Co
    }
  }
  var Vh = k.define(),
    Nh = k.define(),
    Gh = k.define(),
    Fh = k.define(),
    ro = k.define(),
    Hh = k.define(),
    Kh = k.define(),
    Zo = k.define(),
    Ao = k.define(),
    Jh = k.define({ combine: (e) => e.some((t) => t) }),
    ec = k.define({ combine: (e) => e.some((t) => t) }),
    tc = k.define()
  class ui {
    constructor(e, t, i, n, s, r = !1) {
      ;(this.range = e), (this.y = t), (this.x = i), (this.yMargin = n), (this.xMargin = s), (this.isSnapshot = r)
    }
    map(e) {
      return e.empty ? this : new ui(this.range.map(e), this.y, this.x, this.yMargin, this.xMargin, this.isSnapshot)
    }
    clip(e) {
      return this.range.to <= e.doc.length
        ? this
        : new ui(b.cursor(e.doc.length), this.y, this.x, this.yMargin, this.xMargin, this.isSnapshot)
    }
  }
  var Fn = M.define({ map: (e, t) => e.map(t) }),
    ic = M.define()
  function pe(e, t, i) {
    const n = e.facet(Fh)
    if (n.length) n[0](t)
    else if (window.onerror && window.onerror(String(t), i, void 0, void 0, t));
    else if (i) console.error(i + ':', t)
    else console.error(t)
  }
  var yt = k.define({ combine: (e) => (e.length ? e[0] : !0) }),
    wO = 0,
    ai = k.define({
      combine(e) {
        return e.filter((t, i) => {
          for (let n = 0; n < i; n++) if (e[n].plugin == t.plugin) return !1
          return !0
        })
      },
    })
  class K {
    constructor(e, t, i, n, s) {
      ;(this.id = e),
        (this.create = t),
        (this.domEventHandlers = i),
        (this.domEventObservers = n),
        (this.baseExtensions = s(this)),
        (this.extension = this.baseExtensions.concat(ai.of({ plugin: this, arg: void 0 })))
    }
    of(e) {
      return this.baseExtensions.concat(ai.of({ plugin: this, arg: e }))
    }
    static define(e, t) {
      const { eventHandlers: i, eventObservers: n, provide: s, decorations: r } = t || {}
      return new K(wO++, e, i, n, (o) => {
        const l = []
        if (r)
          l.push(
            vs.of((a) => {
              const h = a.plugin(o)
              return h ? r(h) : X.none
            }),
          )
        if (s) l.push(s(o))
        return l
      })
    }
    static fromClass(e, t) {
      return K.define((i, n) => new e(i, n), t)
    }
  }
  class os {
    constructor(e) {
      ;(this.spec = e), (this.mustUpdate = null), (this.value = null)
    }
    get plugin() {
      return this.spec && this.spec.plugin
    }
    update(e) {
      if (!this.value) {
        if (this.spec)
          try {
            this.value = this.spec.plugin.create(e, this.spec.arg)
          } catch (t) {
            pe(e.state, t, 'CodeMirror plugin crashed'), this.deactivate()
          }
      } else if (this.mustUpdate) {
        const t = this.mustUpdate
        if (((this.mustUpdate = null), this.value.update))
          try {
            this.value.update(t)
          } catch (i) {
            if ((pe(t.state, i, 'CodeMirror plugin crashed'), this.value.destroy))
              try {
                this.value.destroy()
              } catch (n) {}
            this.deactivate()
          }
      }
      return this
    }
    destroy(e) {
      var t
      if ((t = this.value) === null || t === void 0 ? void 0 : t.destroy)
        try {
          this.value.destroy()
        } catch (i) {
          pe(e.state, i, 'CodeMirror plugin crashed')
        }
    }
    deactivate() {
      this.spec = this.value = null
    }
  }
  var nc = k.define(),
    Xo = k.define(),
    vs = k.define(),
    sc = k.define(),
    Mo = k.define(),
    un = k.define(),
    rc = k.define()
  function eh(e, t) {
    const i = e.state.facet(rc)
    if (!i.length) return i
    const n = i.map((r) => (r instanceof Function ? r(e) : r)),
      s = []
    return (
      _.spans(n, t.from, t.to, {
        point() {},
        span(r, o, l, a) {
          let h = r - t.from,
            c = o - t.from,
            f = s
          for (let u = l.length - 1; u >= 0; u--, a--) {
            let d = l[u].spec.bidiIsolate,
              p
            if (a > 0 && f.length && (p = f[f.length - 1]).to == h && p.direction == d) (p.to = c), (f = p.inner)
            else {
              const O = { from: h, to: c, direction: d, inner: [] }
              f.push(O), (f = O.inner)
            }
          }
        },
      }),
      oc(t.text, s)
    )
  }
  function oc(e, t) {
    for (const i of t) {
      if (i.direction == null) {
        for (let n = i.from, s = 0; n < i.to; s++) {
          const r = s < i.inner.length ? i.inner[s] : null,
            o = QO(e, n, r ? r.from : i.to)
          if (o) {
            i.direction = o
            break
          }
          if (!r) break
          n = r.to
        }
        if (i.direction == null) i.direction = B.LTR
      }
      oc(e, i.inner)
    }
    return t
  }
  var lc = k.define()
  function Ro(e) {
    let t = 0,
      i = 0,
      n = 0,
      s = 0
    for (const r of e.state.facet(lc)) {
      const o = r(e)
      if (o) {
        if (o.left != null) t = Math.max(t, o.left)
        if (o.right != null) i = Math.max(i, o.right)
        if (o.top != null) n = Math.max(n, o.top)
        if (o.bottom != null) s = Math.max(s, o.bottom)
      }
    }
    return { left: t, right: i, top: n, bottom: s }
  }
  var Fi = k.define()
  class ze {
    constructor(e, t, i, n) {
      ;(this.fromA = e), (this.toA = t), (this.fromB = i), (this.toB = n)
    }
    join(e) {
      return new ze(
        Math.min(this.fromA, e.fromA),
        Math.max(this.toA, e.toA),
        Math.min(this.fromB, e.fromB),
        Math.max(this.toB, e.toB),
      )
    }
    addToSet(e) {
      let t = e.length,
        i = this
      for (; t > 0; t--) {
        const n = e[t - 1]
        if (n.fromA > i.toA) continue
        if (n.toA < i.fromA) break
        ;(i = i.join(n)), e.splice(t - 1, 1)
      }
      return (e.splice(t, 0, i), e)
    }
    static extendWithRanges(e, t) {
      if (t.length == 0) return e
      const i = []
      for (let n = 0, s = 0, r = 0; ; ) {
        const o = n < e.length ? e[n].fromB : 1e9,
          l = s < t.length ? t[s] : 1e9,
          a = Math.min(o, l)
        if (a == 1e9) break
        let h = a + r,
          c = a,
          f = h
        for (;;)
          if (s < t.length && t[s] <= c) {
            const u = t[s + 1]
            ;(s += 2), (c = Math.max(c, u))
            for (let d = n; d < e.length && e[d].fromB <= c; d++) r = e[d].toA - e[d].toB
            f = Math.max(f, u + r)
          } else if (n < e.length && e[n].fromB <= c) {
            const u = e[n++]
            ;(c = Math.max(c, u.toB)), (f = Math.max(f, u.toA)), (r = u.toA - u.toB)
          } else break
        i.push(new ze(h, f, a, c))
      }
      return i
    }
  }
  class bs {
    constructor(e, t, i) {
      ;(this.view = e),
        (this.state = t),
        (this.transactions = i),
        (this.flags = 0),
        (this.startState = e.state),
        (this.changes = re.empty(this.startState.doc.length))
      for (const s of i) this.changes = this.changes.compose(s.changes)
      const n = []
      this.changes.iterChangedRanges((s, r, o, l) => n.push(new ze(s, r, o, l))), (this.changedRanges = n)
    }
    static create(e, t, i) {
      return new bs(e, t, i)
    }
    get viewportChanged() {
      return (this.flags & 4) > 0
    }
    get viewportMoved() {
      return (this.flags & 8) > 0
    }
    get heightChanged() {
      return (this.flags & 2) > 0
    }
    get geometryChanged() {
      return this.docChanged || (this.flags & 18) > 0
    }
    get focusChanged() {
      return (this.flags & 1) > 0
    }
    get docChanged() {
      return !this.changes.empty
    }
    get selectionSet() {
      return this.transactions.some((e) => e.selection)
    }
    get empty() {
      return this.flags == 0 && this.transactions.length == 0
    }
  }
  var kO = []
  class te {
    constructor(e, t, i = 0) {
      ;(this.dom = e), (this.length = t), (this.flags = i), (this.parent = null), (e.cmTile = this)
    }
    get breakAfter() {
      return this.flags & 1
    }
    get children() {
      return kO
    }
    isWidget() {
      return !1
    }
    get isHidden() {
      return !1
    }
    isComposite() {
      return !1
    }
    isLine() {
      return !1
    }
    isText() {
      return !1
    }
    isBlock() {
      return !1
    }
    get domAttrs() {
      return null
    }
    sync(e) {
      if (((this.flags |= 2), this.flags & 4)) {
        this.flags &= -5
        const t = this.domAttrs
        if (t) lO(this.dom, t)
      }
    }
    toString() {
      return this.constructor.name + (this.children.length ? `(${this.children})` : '') + (this.breakAfter ? '#' : '')
    }
    destroy() {
      this.parent = null
    }
    setDOM(e) {
      ;(this.dom = e), (e.cmTile = this)
    }
    get posAtStart() {
      return this.parent ? this.parent.posBefore(this) : 0
    }
    get posAtEnd() {
      return this.posAtStart + this.length
    }
    posBefore(e, t = this.posAtStart) {
      let i = t
      for (const n of this.children) {
        if (n == e) return i
        i += n.length + n.breakAfter
      }
      throw RangeError('Invalid child in posBefore')
    }
    posAfter(e) {
      return this.posBefore(e) + e.length
    }
    covers(e) {
      return !0
    }
    coordsIn(e, t, i) {
      return null
    }
    domPosFor(e, t) {
      const i = Zt(this.dom),
        n = this.length ? e > 0 : t > 0
      return new Je(this.parent.dom, i + (n ? 1 : 0), e == 0 || e == this.length)
    }
    markDirty(e) {
      if (((this.flags &= -3), e)) this.flags |= 4
      if (this.parent && this.parent.flags & 2) this.parent.markDirty(!1)
    }
    get overrideDOMText() {
      return null
    }
    get root() {
      for (let e = this; e; e = e.parent) if (e instanceof pn) return e
      return null
    }
    static get(e) {
      return e.cmTile
    }
  }
  class dn extends te {
    constructor(e) {
      super(e, 0)
      this._children = []
    }
    isComposite() {
      return !0
    }
    get children() {
      return this._children
    }
    get lastChild() {
      return this.children.length ? this.children[this.children.length - 1] : null
    }
    append(e) {
      this.children.push(e), (e.parent = this)
    }
    sync(e) {
      if (this.flags & 2) return
      super.sync(e)
      let t = this.dom,
        i = null,
        n,
        s = (e === null || e === void 0 ? void 0 : e.node) == t ? e : null,
        r = 0
      for (const o of this.children) {
        if ((o.sync(e), (r += o.length + o.breakAfter), (n = i ? i.nextSibling : t.firstChild), s && n != o.dom))
          s.written = !0
        if (o.dom.parentNode == t) while (n && n != o.dom) n = th(n)
        else t.insertBefore(o.dom, n)
        i = o.dom
      }
      if (((n = i ? i.nextSibling : t.firstChild), s && n)) s.written = !0
      while (n) n = th(n)
      this.length = r
    }
  }
  function th(e) {
    const t = e.nextSibling
    return (e.parentNode.removeChild(e), t)
  }
  class pn extends dn {
    constructor(e, t) {
      super(t)
      this.view = e
    }
    owns(e) {
      for (; e; e = e.parent) if (e == this) return !0
      return !1
    }
    isBlock() {
      return !0
    }
    nearest(e) {
      for (;;) {
        if (!e) return null
        const t = te.get(e)
        if (t && this.owns(t)) return t
        e = e.parentNode
      }
    }
    blockTiles(e) {
      for (let t = [], i = this, n = 0, s = 0; ; )
        if (n == i.children.length) {
          if (!t.length) return
          if (((i = i.parent), i.breakAfter)) s++
          n = t.pop()
        } else {
          const r = i.children[n++]
          if (r instanceof xt) t.push(n), (i = r), (n = 0)
          else {
            const o = s + r.length,
              l = e(r, s)
            if (l !== void 0) return l
            s = o + r.breakAfter
          }
        }
    }
    resolveBlock(e, t) {
      let i,
        n = -1,
        s,
        r = -1
      if (
        (this.blockTiles((o, l) => {
          const a = l + o.length
          if (e >= l && e <= a) {
            if (o.isWidget() && t >= -1 && t <= 1) {
              if (o.flags & 32) return !0
              if (o.flags & 16) i = void 0
            }
            if ((l < e || (e == a && (t < -1 ? o.length : o.covers(1)))) && (!i || (!o.isWidget() && i.isWidget())))
              (i = o), (n = e - l)
            if ((a > e || (e == l && (t > 1 ? o.length : o.covers(-1)))) && (!s || (!o.isWidget() && s.isWidget())))
              (s = o), (r = e - l)
          }
        }),
        !i && !s)
      )
        throw Error('No tile at position ' + e)
      return (i && t < 0) || !s ? { tile: i, offset: n } : { tile: s, offset: r }
    }
  }
  class xt extends dn {
    constructor(e, t) {
      super(e)
      this.wrapper = t
    }
    isBlock() {
      return !0
    }
    covers(e) {
      if (!this.children.length) return !1
      return e < 0 ? this.children[0].covers(-1) : this.lastChild.covers(1)
    }
    get domAttrs() {
      return this.wrapper.attributes
    }
    static of(e, t) {
      const i = new xt(t || document.createElement(e.tagName), e)
      if (!t) i.flags |= 4
      return i
    }
  }
  class Oi extends dn {
    constructor(e, t) {
      super(e)
      this.attrs = t
    }
    isLine() {
      return !0
    }
    static start(e, t, i) {
      const n = new Oi(t || document.createElement('div'), e)
      if (!t || !i) n.flags |= 4
      return n
    }
    get domAttrs() {
      return this.attrs
    }
    resolveInline(e, t, i = !1) {
      let n = null,
        s = -1,
        r = null,
        o = -1
      function l(h, c) {
        for (let f = 0, u = 0; f < h.children.length && u <= c; f++) {
          const d = h.children[f],
            p = u + d.length
          if (p >= c) {
            if (d.isComposite()) l(d, c - u)
            else if (
              (!r || (i && r.isHidden && ((t > 0 && !(r.flags & 32)) || (i && $O(r, d))))) &&
              (p > c || (d.flags & 32 && t <= 1))
            )
              (r = d), (o = c - u)
            else if (u < c || (d.flags & 16 && !(i && d.isHidden) && t >= -1)) (n = d), (s = c - u)
          }
          u = p
        }
      }
      l(this, e)
      const a = (t < 0 ? n : r) || n || r
      return a ? { tile: a, offset: a == n ? s : o } : null
    }
    coordsIn(e, t, i) {
      const n = this.resolveInline(e, t, !0)
      if (!n) return vO(this)
      return n.tile.coordsIn(Math.max(0, n.offset), t, i)
    }
    domIn(e, t) {
      const i = this.resolveInline(e, t)
      if (i) {
        const { tile: n, offset: s } = i
        if (this.dom.contains(n.dom)) {
          if (n.isText()) return new Je(n.dom, Math.min(n.dom.nodeValue.length, s))
          return n.domPosFor(s, n.flags & 16 ? 1 : n.flags & 32 ? -1 : t)
        }
        let r = i.tile.parent,
          o = !1
        for (const l of r.children) {
          if (o) return new Je(l.dom, 0)
          if (l == i.tile) o = !0
        }
      }
      return new Je(this.dom, 0)
    }
  }
  function vO(e) {
    const t = e.dom.lastChild
    if (!t) return e.dom.getBoundingClientRect()
    const i = rs(t)
    return i[i.length - 1] || null
  }
  function $O(e, t) {
    const i = e.coordsIn(0, 1),
      n = t.coordsIn(0, 1)
    return i && n && n.top < i.bottom
  }
  class Pe extends dn {
    constructor(e, t) {
      super(e)
      this.mark = t
    }
    get domAttrs() {
      return this.mark.attrs
    }
    static of(e, t) {
      const i = new Pe(t || document.createElement(e.tagName), e)
      if (!t) i.flags |= 4
      return i
    }
  }
  class Et extends te {
    constructor(e, t) {
      super(e, t.length)
      this.text = t
    }
    sync(e) {
      if (this.flags & 2) return
      if ((super.sync(e), this.dom.nodeValue != this.text)) {
        if (e && e.node == this.dom) e.written = !0
        this.dom.nodeValue = this.text
      }
    }
    isText() {
      return !0
    }
    toString() {
      return JSON.stringify(this.text)
    }
    coordsIn(e, t, i) {
      const n = this.dom.nodeValue.length
      if (e > n) e = n
      let s = e,
        r = e,
        o = 0
      if ((e == 0 && t < 0) || (e == n && t >= 0)) {
        if (!(C.chrome || C.gecko)) {
          if (e) s--, (o = 1)
          else if (r < n) r++, (o = -1)
        }
      } else if (t < 0) s--
      else if (r < n) r++
      const l = an(this.dom, s, r).getClientRects()
      if (!l.length) return null
      let a = l[(o ? o < 0 : t >= 0) ? 0 : l.length - 1]
      if (C.safari && !o && a.width == 0) a = Array.prototype.find.call(l, (h) => h.width) || a
      return i == null ? a : gs(a, (o ? o > 0 : t < 0) == i)
    }
    static of(e, t) {
      const i = new Et(t || document.createTextNode(e), e)
      if (!t) i.flags |= 2
      return i
    }
  }
  class zt extends te {
    constructor(e, t, i, n) {
      super(e, t, n)
      this.widget = i
    }
    isWidget() {
      return !0
    }
    get isHidden() {
      return this.widget.isHidden
    }
    covers(e) {
      if (this.flags & 48) return !1
      return (this.flags & (e < 0 ? 64 : 128)) > 0
    }
    coordsIn(e, t) {
      return this.coordsInWidget(e, t, !1)
    }
    coordsInWidget(e, t, i) {
      const n = this.widget.coordsAt(this.dom, e, t)
      if (n) return n
      if (i) return gs(this.dom.getBoundingClientRect(), this.length ? e == 0 : t <= 0)
      else {
        let s = this.dom.getClientRects(),
          r = null
        if (!s.length) return null
        const o = this.flags & 16 ? !0 : this.flags & 32 ? !1 : e > 0
        for (let l = o ? s.length - 1 : 0; ; l += o ? -1 : 1)
          if (((r = s[l]), e > 0 ? l == 0 : l == s.length - 1 || r.top < r.bottom)) break
        return gs(r, !o)
      }
    }
    get overrideDOMText() {
      if (!this.length) return j.empty
      const { root: e } = this
      if (!e) return j.empty
      const t = this.posAtStart
      return e.view.state.doc.slice(t, t + this.length)
    }
    destroy() {
      super.destroy(), this.widget.destroy(this.dom)
    }
    static of(e, t, i, n, s) {
      if (!s) {
        if (((s = e.toDOM(t)), !e.editable)) s.contentEditable = 'false'
      }
      return new zt(s, i, e, n)
    }
  }
  class hn extends te {
    constructor(e) {
      const t = document.createElement('img')
      ;(t.className = 'cm-widgetBuffer'), t.setAttribute('aria-hidden', 'true')
      super(t, 0, e)
    }
    get isHidden() {
      return !0
    }
    get overrideDOMText() {
      return j.empty
    }
    coordsIn(e, t, i) {
      const n = this.dom.getBoundingClientRect()
      return i == null ? n : gs(n, t > 0 == i)
    }
  }
  class ac {
    constructor(e) {
      ;(this.index = 0), (this.beforeBreak = !1), (this.parents = []), (this.tile = e)
    }
    advance(e, t, i) {
      let { tile: n, index: s, beforeBreak: r, parents: o } = this
      while (e || t > 0)
        if (!n.isComposite()) {
          const l = n.length
          if (s < l && e) {
            const a = Math.min(e, l - s)
            if (i) i.skip(n, s, s + a)
            ;(e -= a), (s += a)
          }
          if (s == l) (r = !!n.breakAfter), ({ tile: n, index: s } = o.pop()), s++
          else if (!e) break
        } else if (r) {
          if (!e) break
          if (i) i.break()
          e--, (r = !1)
        } else if (s == n.children.length) {
          if (!e && !o.length) break
          if (i) i.leave(n)
          ;(r = !!n.breakAfter), ({ tile: n, index: s } = o.pop()), s++
        } else {
          const l = n.children[s],
            a = l.breakAfter
          if ((t > 0 ? l.length <= e : l.length < e) && (!i || i.skip(l, 0, l.length) !== !1 || !l.isComposite))
            (r = !!a), s++, (e -= l.length)
          else if ((o.push({ tile: n, index: s }), (n = l), (s = 0), i && l.isComposite())) i.enter(l)
        }
      return ((this.tile = n), (this.index = s), (this.beforeBreak = r), this)
    }
    get root() {
      return this.parents.length ? this.parents[0].tile : this.tile
    }
  }
  class hc {
    constructor(e, t, i, n) {
      ;(this.from = e), (this.to = t), (this.wrapper = i), (this.rank = n)
    }
  }
  class cc {
    constructor(e, t, i) {
      ;(this.cache = e),
        (this.root = t),
        (this.blockWrappers = i),
        (this.curLine = null),
        (this.lastBlock = null),
        (this.afterWidget = null),
        (this.pos = 0),
        (this.wrappers = []),
        (this.wrapperPos = 0)
    }
    addText(e, t, i, n) {
      var s
      this.flushBuffer()
      const r = this.ensureMarks(t, i),
        o = r.lastChild
      if (o && o.isText() && !(o.flags & 8) && o.length + e.length < 512) {
        this.cache.reused.set(o, 2)
        const l = (r.children[r.children.length - 1] = new Et(o.dom, o.text + e))
        l.parent = r
      } else r.append(n || Et.of(e, (s = this.cache.find(Et)) === null || s === void 0 ? void 0 : s.dom))
      ;(this.pos += e.length), (this.afterWidget = null)
    }
    addComposition(e, t) {
      const i = this.curLine
      if (i.dom != t.line.dom)
        i.setDOM(this.cache.reused.has(t.line) ? Ir(t.line.dom) : t.line.dom), this.cache.reused.set(t.line, 2)
      let n = i
      for (let o = t.marks.length - 1; o >= 0; o--) {
        const l = t.marks[o],
          a = n.lastChild
        if (a instanceof Pe && a.mark.eq(l.mark)) {
          if (a.dom != l.dom) a.setDOM(Ir(l.dom))
          n = a
        } else {
          let { dom: h } = l
          if (this.cache.reused.get(l)) {
            if (te.get(l.dom)) h = Ir(l.dom)
          }
          const c = Pe.of(l.mark, h)
          n.append(c), (n = c)
        }
        this.cache.reused.set(l, 2)
      }
      const s = te.get(e.text)
      if (s) this.cache.reused.set(s, 2)
      const r = new Et(e.text, e.text.nodeValue)
      ;(r.flags |= 8), (this.pos = e.range.toB), n.append(r)
    }
    addInlineWidget(e, t, i) {
      const n = this.afterWidget && e.flags & 48 && (this.afterWidget.flags & 48) == (e.flags & 48)
      if (!n) this.flushBuffer()
      const s = this.ensureMarks(t, i)
      if (!n && !(e.flags & 16)) s.append(this.getBuffer(1))
      s.append(e), (this.pos += e.length), (this.afterWidget = e)
    }
    addMark(e, t, i) {
      this.flushBuffer(), this.ensureMarks(t, i).append(e), (this.pos += e.length), (this.afterWidget = null)
    }
    addBlockWidget(e) {
      this.getBlockPos().append(e), (this.pos += e.length), (this.lastBlock = e), this.endLine()
    }
    continueWidget(e) {
      const t = this.afterWidget || this.lastBlock
      ;(t.length += e), (this.pos += e)
    }
    addLineStart(e, t) {
      var i
      if (!e) e = pc
      const n = Oi.start(e, t || ((i = this.cache.find(Oi)) === null || i === void 0 ? void 0 : i.dom), !!t)
      this.getBlockPos().append((this.lastBlock = this.curLine = n))
    }
    addLine(e) {
      this.getBlockPos().append(e), (this.pos += e.length), (this.lastBlock = e), this.endLine()
    }
    addBreak() {
      ;(this.lastBlock.flags |= 1), this.endLine(), this.pos++
    }
    addLineStartIfNotCovered(e) {
      if (!this.blockPosCovered()) this.addLineStart(e)
    }
    ensureLine(e) {
      if (!this.curLine) this.addLineStart(e)
    }
    ensureMarks(e, t) {
      var i
      let n = this.curLine
      for (let s = e.length - 1; s >= 0; s--) {
        let r = e[s],
          o
        if (t > 0 && (o = n.lastChild) && o instanceof Pe && o.mark.eq(r)) (n = o), t--
        else {
          const l = Pe.of(r, (i = this.cache.find(Pe, (a) => a.mark.eq(r))) === null || i === void 0 ? void 0 : i.dom)
          n.append(l), (n = l), (t = 0)
        }
      }
      return n
    }
    endLine() {
      if (this.curLine) {
        this.flushBuffer()
        const e = this.curLine.lastChild
        if (!e || !ih(this.curLine, !1) || (e.dom.nodeName != 'BR' && e.isWidget() && !(C.ios && ih(this.curLine, !0))))
          this.curLine.append(this.cache.findWidget(qr, 0, 32) || new zt(qr.toDOM(), 0, qr, 32))
        this.curLine = this.afterWidget = null
      }
    }
    updateBlockWrappers() {
      if (this.wrapperPos > this.pos + 1e4) this.blockWrappers.goto(this.pos), (this.wrappers.length = 0)
      for (let e = this.wrappers.length - 1; e >= 0; e--) if (this.wrappers[e].to < this.pos) this.wrappers.splice(e, 1)
      for (let e = this.blockWrappers; e.value && e.from <= this.pos; e.next())
        if (e.to >= this.pos) {
          let t = e.rank * 102 + e.value.rank,
            i = new hc(e.from, e.to, e.value, t),
            n = this.wrappers.length
          while (n > 0 && (this.wrappers[n - 1].rank - i.rank || this.wrappers[n - 1].to - i.to) < 0) n--
          this.wrappers.splice(n, 0, i)
        }
      this.wrapperPos = this.pos
    }
    getBlockPos() {
      var e
      this.updateBlockWrappers()
      let t = this.root
      for (const i of this.wrappers) {
        const n = t.lastChild
        if (i.from < this.pos && n instanceof xt && n.wrapper.eq(i.wrapper)) t = n
        else {
          const s = xt.of(
            i.wrapper,
            (e = this.cache.find(xt, (r) => r.wrapper.eq(i.wrapper))) === null || e === void 0 ? void 0 : e.dom,
          )
          t.append(s), (t = s)
        }
      }
      return t
    }
    blockPosCovered() {
      const e = this.lastBlock
      return e != null && !e.breakAfter && (!e.isWidget() || (e.flags & 160) > 0)
    }
    getBuffer(e) {
      const t = 2 | (e < 0 ? 16 : 32),
        i = this.cache.find(hn, void 0, 1)
      if (i) i.flags = t
      return i || new hn(t)
    }
    flushBuffer() {
      if (this.afterWidget && !(this.afterWidget.flags & 32))
        this.afterWidget.parent.append(this.getBuffer(-1)), (this.afterWidget = null)
    }
  }
  class fc {
    constructor(e) {
      ;(this.skipCount = 0), (this.text = ''), (this.textOff = 0), (this.cursor = e.iter())
    }
    skip(e) {
      if (this.textOff + e <= this.text.length) this.textOff += e
      else (this.skipCount += e - (this.text.length - this.textOff)), (this.text = ''), (this.textOff = 0)
    }
    next(e) {
      if (this.textOff == this.text.length) {
        const { value: n, lineBreak: s, done: r } = this.cursor.next(this.skipCount)
        if (((this.skipCount = 0), r)) throw Error('Ran out of text content when drawing inline views')
        this.text = n
        const o = (this.textOff = Math.min(e, n.length))
        return s ? null : n.slice(0, o)
      }
      const t = Math.min(this.text.length, this.textOff + e),
        i = this.text.slice(this.textOff, t)
      return ((this.textOff = t), i)
    }
  }
  var ys = [zt, Oi, Et, Pe, hn, xt, pn]
  for (let e = 0; e < ys.length; e++) ys[e].bucket = e
  class uc {
    constructor(e) {
      ;(this.view = e), (this.buckets = ys.map(() => [])), (this.index = ys.map(() => 0)), (this.reused = new Map())
    }
    add(e) {
      const t = e.constructor.bucket,
        i = this.buckets[t]
      if (i.length < 6) i.push(e)
      else i[(this.index[t] = (this.index[t] + 1) % 6)] = e
    }
    find(e, t, i = 2) {
      const n = e.bucket,
        s = this.buckets[n],
        r = this.index[n]
      for (let o = 0; o < s.length; o++) {
        const l = (o + r) % s.length,
          a = s[l]
        if ((!t || t(a)) && !this.reused.has(a)) {
          if ((s.splice(l, 1), l < r)) this.index[n]--
          return (this.reused.set(a, i), a)
        }
      }
      return null
    }
    findWidget(e, t, i) {
      const n = this.buckets[0]
      if (n.length)
        for (let s = 0, r = 0; ; s++) {
          if (s == n.length) {
            if (r) return null
            ;(r = 1), (s = 0)
          }
          const o = n[s]
          if (
            !this.reused.has(o) &&
            (r == 0
              ? o.widget.compare(e)
              : o.widget.constructor == e.constructor && e.updateDOM(o.dom, this.view, o.widget))
          ) {
            if ((n.splice(s, 1), s < this.index[0])) this.index[0]--
            if (o.widget == e && o.length == t && (o.flags & 497) == i) return (this.reused.set(o, 1), o)
            else return (this.reused.set(o, 2), new zt(o.dom, t, e, (o.flags & -498) | i))
          }
        }
    }
    reuse(e) {
      return (this.reused.set(e, 1), e)
    }
    maybeReuse(e, t = 2) {
      if (this.reused.has(e)) return
      return (this.reused.set(e, t), e.dom)
    }
    clear() {
      for (let e = 0; e < this.buckets.length; e++) this.buckets[e].length = this.index[e] = 0
    }
  }
  class dc {
    constructor(e, t, i, n, s) {
      ;(this.view = e),
        (this.decorations = n),
        (this.disallowBlockEffectsFor = s),
        (this.openWidget = !1),
        (this.openMarks = 0),
        (this.cache = new uc(e)),
        (this.text = new fc(e.state.doc)),
        (this.builder = new cc(this.cache, new pn(e, e.contentDOM), _.iter(i))),
        this.cache.reused.set(t, 2),
        (this.old = new ac(t)),
        (this.reuseWalker = {
          skip: (r, o, l) => {
            if ((this.cache.add(r), r.isComposite())) return !1
          },
          enter: (r) => this.cache.add(r),
          leave: () => {},
          break: () => {},
        })
    }
    run(e, t) {
      const i = t && this.getCompositionContext(t.text)
      for (let n = 0, s = 0, r = 0; ; ) {
        const o = r < e.length ? e[r++] : null,
          l = o ? o.fromA : this.old.root.length
        if (l > n) {
          const a = l - n
          this.preserve(a, !r, !o), (n = l), (s += a)
        }
        if (!o) break
        if (t && o.fromA <= t.range.fromA && o.toA >= t.range.toA)
          this.forward(o.fromA, t.range.fromA, t.range.fromA < t.range.toA ? 1 : -1),
            this.emit(s, t.range.fromB),
            this.builder.flushBuffer(),
            this.cache.clear(),
            this.builder.addComposition(t, i),
            this.text.skip(t.range.toB - t.range.fromB),
            this.forward(t.range.fromA, o.toA),
            this.emit(t.range.toB, o.toB)
        else this.forward(o.fromA, o.toA), this.emit(s, o.toB)
        ;(s = o.toB), (n = o.toA)
      }
      if (this.builder.curLine) this.builder.endLine()
      return this.builder.root
    }
    preserve(e, t, i) {
      let n = ZO(this.old),
        s = this.openMarks
      this.old.advance(e, i ? 1 : -1, {
        skip: (r, o, l) => {
          if (r.isWidget())
            if (this.openWidget) this.builder.continueWidget(l - o)
            else {
              const a =
                l > 0 || o < r.length
                  ? zt.of(r.widget, this.view, l - o, r.flags & 496, this.cache.maybeReuse(r))
                  : this.cache.reuse(r)
              if (a.flags & 256) (a.flags &= -2), this.builder.addBlockWidget(a)
              else this.builder.ensureLine(null), this.builder.addInlineWidget(a, n, s), (s = n.length)
            }
          else if (r.isText()) {
            if ((this.builder.ensureLine(null), !o && l == r.length && !this.cache.reused.has(r)))
              this.builder.addText(r.text, n, s, this.cache.reuse(r))
            else this.cache.add(r), this.builder.addText(r.text.slice(o, l), n, s)
            s = n.length
          } else if (r.isLine()) (r.flags &= -2), this.cache.reused.set(r, 1), this.builder.addLine(r)
          else if (r instanceof hn) this.cache.add(r)
          else if (r instanceof Pe)
            this.builder.ensureLine(null), this.builder.addMark(r, n, s), this.cache.reused.set(r, 1), (s = n.length)
          else return !1
          this.openWidget = !1
        },
        enter: (r) => {
          if (r.isLine()) this.builder.addLineStart(r.attrs, this.cache.maybeReuse(r))
          else if ((this.cache.add(r), r instanceof Pe)) n.unshift(r.mark)
          this.openWidget = !1
        },
        leave: (r) => {
          if (r.isLine()) {
            if (n.length) n.length = s = 0
          } else if (r instanceof Pe) n.shift(), (s = Math.min(s, n.length))
        },
        break: () => {
          this.builder.addBreak(), (this.openWidget = !1)
        },
      }),
        this.text.skip(e)
    }
    emit(e, t) {
      let i = null,
        n = this.builder,
        s = -1,
        r = _.spans(this.decorations, e, t, {
          point: (o, l, a, h, c, f) => {
            if (a instanceof Yt) {
              if (this.disallowBlockEffectsFor[f]) {
                if (a.block) throw RangeError('Block decorations may not be specified via plugins')
                if (l > this.view.state.doc.lineAt(o).to)
                  throw RangeError('Decorations that replace line breaks may not be specified via plugins')
              }
              if (((s = h.length), c > h.length)) n.continueWidget(l - o)
              else {
                const u = a.widget || (a.block ? Bt.block : Bt.inline),
                  d = PO(a),
                  p = this.cache.findWidget(u, l - o, d) || zt.of(u, this.view, l - o, d)
                if (a.block) {
                  if (a.startSide > 0) n.addLineStartIfNotCovered(i)
                  n.addBlockWidget(p)
                } else n.ensureLine(i), n.addInlineWidget(p, h, c)
              }
              i = null
            } else i = CO(i, a)
            if (l > o) this.text.skip(l - o)
          },
          span: (o, l, a, h) => {
            for (let c = o; c < l; ) {
              const f = this.text.next(Math.min(512, l - c))
              if (f == null) n.addLineStartIfNotCovered(i), n.addBreak(), c++
              else n.ensureLine(i), n.addText(f, a, c == o ? h : a.length), (c += f.length)
              i = null
            }
            s = a.length
          },
        })
      if (s > -1) this.openWidget = r > s
      if (!this.openWidget) n.addLineStartIfNotCovered(i)
      this.openMarks = r
    }
    forward(e, t, i = 1) {
      if (t - e <= 10) this.old.advance(t - e, i, this.reuseWalker)
      else
        this.old.advance(5, -1, this.reuseWalker),
          this.old.advance(t - e - 10, -1),
          this.old.advance(5, i, this.reuseWalker)
    }
    getCompositionContext(e) {
      let t = [],
        i = null
      for (let n = e.parentNode; ; n = n.parentNode) {
        const s = te.get(n)
        if (n == this.view.contentDOM) break
        if (s instanceof Pe) t.push(s)
        else if (s === null || s === void 0 ? void 0 : s.isLine()) i = s
        else if (s instanceof xt);
        else if (n.nodeName == 'DIV' && !i) i = new Oi(n, pc)
        else if (!i) t.push(Pe.of(new cn({ tagName: n.nodeName.toLowerCase(), attributes: aO(n) }), n))
      }
      if (!i) return null
      return { line: i, marks: t }
    }
  }
  function ih(e, t) {
    const i = (n) => {
      for (const s of n.children) if ((t ? s.isText() : s.length) || i(s)) return !0
      return !1
    }
    return i(e)
  }
  function PO(e) {
    let t = e.isReplace ? (e.startSide < 0 ? 64 : 0) | (e.endSide > 0 ? 128 : 0) : e.startSide > 0 ? 32 : 16
    if (e.block) t |= 256
    return t
  }
  var pc = { class: 'cm-line' }
  function CO(e, t) {
    const i = t.spec.attributes,
      n = t.spec.class
    if (!i && !n) return e
    if (!e) e = { class: 'cm-line' }
    if (i) $o(i, e)
    if (n) e.class += ' ' + n
    return e
  }
  function ZO(e) {
    const t = []
    for (let i = e.parents.length; i > 1; i--) {
      const n = i == e.parents.length ? e.tile : e.parents[i].tile
      if (n instanceof Pe) t.push(n.mark)
    }
    return t
  }
  function Ir(e) {
    const t = te.get(e)
    if (t) t.setDOM(e.cloneNode())
    return e
  }
  class Bt extends Ce {
    constructor(e) {
      super()
      this.tag = e
    }
    eq(e) {
      return e.tag == this.tag
    }
    toDOM() {
      return document.createElement(this.tag)
    }
    updateDOM(e) {
      return e.nodeName.toLowerCase() == this.tag
    }
    get isHidden() {
      return !0
    }
  }
  Bt.inline = new Bt('span')
  Bt.block = new Bt('div')
  var qr = new (class extends Ce {
    toDOM() {
      return document.createElement('br')
    }
    get isHidden() {
      return !0
    }
    get editable() {
      return !0
    }
  })()
  class oo {
    constructor(e) {
      ;(this.view = e),
        (this.decorations = []),
        (this.blockWrappers = []),
        (this.dynamicDecorationMap = [!1]),
        (this.domChanged = null),
        (this.hasComposition = null),
        (this.editContextFormatting = X.none),
        (this.lastCompositionAfterCursor = !1),
        (this.minWidth = 0),
        (this.minWidthFrom = 0),
        (this.minWidthTo = 0),
        (this.impreciseAnchor = null),
        (this.impreciseHead = null),
        (this.forceSelection = !1),
        (this.lastUpdate = Date.now()),
        this.updateDeco(),
        (this.tile = new pn(e, e.contentDOM)),
        this.updateInner([new ze(0, 0, 0, e.state.doc.length)], null)
    }
    update(e) {
      var t
      let i = e.changedRanges
      if (this.minWidth > 0 && i.length)
        if (!i.every(({ fromA: h, toA: c }) => c < this.minWidthFrom || h > this.minWidthTo))
          this.minWidth = this.minWidthFrom = this.minWidthTo = 0
        else
          (this.minWidthFrom = e.changes.mapPos(this.minWidthFrom, 1)),
            (this.minWidthTo = e.changes.mapPos(this.minWidthTo, 1))
      this.updateEditContextFormatting(e)
      let n = -1
      if (this.view.inputState.composing >= 0 && !this.view.observer.editContext) {
        if ((t = this.domChanged) === null || t === void 0 ? void 0 : t.newSel) n = this.domChanged.newSel.head
        else if (!DO(e.changes, this.hasComposition) && !e.selectionSet) n = e.state.selection.main.head
      }
      const s = n > -1 ? XO(this.view, e.changes, n) : null
      if (((this.domChanged = null), this.hasComposition)) {
        const { from: h, to: c } = this.hasComposition
        i = new ze(h, c, e.changes.mapPos(h, -1), e.changes.mapPos(c, 1)).addToSet(i.slice())
      }
      if (
        ((this.hasComposition = s ? { from: s.range.fromB, to: s.range.toB } : null),
        (C.ie || C.chrome) && !s && e && e.state.doc.lines != e.startState.doc.lines)
      )
        this.forceSelection = !0
      const r = this.decorations,
        o = this.blockWrappers
      this.updateDeco()
      const l = TO(r, this.decorations, e.changes)
      if (l.length) i = ze.extendWithRanges(i, l)
      const a = _O(o, this.blockWrappers, e.changes)
      if (a.length) i = ze.extendWithRanges(i, a)
      if (s && !i.some((h) => h.fromA <= s.range.fromA && h.toA >= s.range.toA)) i = s.range.addToSet(i.slice())
      if (this.tile.flags & 2 && i.length == 0) return !1
      else {
        if ((this.updateInner(i, s), e.transactions.length)) this.lastUpdate = Date.now()
        return !0
      }
    }
    updateInner(e, t) {
      this.view.viewState.mustMeasureContent = !0
      const { observer: i } = this.view
      i.ignore(() => {
        if (t || e.length) {
          const r = this.tile,
            o = new dc(this.view, r, this.blockWrappers, this.decorations, this.dynamicDecorationMap)
          if (t && te.get(t.text)) o.cache.reused.set(te.get(t.text), 2)
          ;(this.tile = o.run(e, t)), lo(r, o.cache.reused)
        }
        ;(this.tile.dom.style.height = this.view.viewState.contentHeight / this.view.scaleY + 'px'),
          (this.tile.dom.style.flexBasis = this.minWidth ? this.minWidth + 'px' : '')
        const s = C.chrome || C.ios ? { node: i.selectionRange.focusNode, written: !1 } : void 0
        if (
          (this.tile.sync(s),
          s && (s.written || i.selectionRange.focusNode != s.node || !this.tile.dom.contains(s.node)))
        )
          this.forceSelection = !0
        this.tile.dom.style.height = ''
      })
      const n = []
      if (this.view.viewport.from || this.view.viewport.to < this.view.state.doc.length) {
        for (const s of this.tile.children) if (s.isWidget() && s.widget instanceof ls) n.push(s.dom)
      }
      i.updateGaps(n)
    }
    updateEditContextFormatting(e) {
      this.editContextFormatting = this.editContextFormatting.map(e.changes)
      for (const t of e.transactions) for (const i of t.effects) if (i.is(ic)) this.editContextFormatting = i.value
    }
    updateSelection(e = !1, t = !1) {
      if (e || !this.view.observer.selectionRange.focusNode) this.view.observer.readSelectionRange()
      const { dom: i } = this.tile,
        n = this.view.root.activeElement,
        s = n == i,
        r =
          !s &&
          !(this.view.state.facet(yt) || i.tabIndex > -1) &&
          tn(i, this.view.observer.selectionRange) &&
          !(n && i.contains(n))
      if (!(s || t || r)) return
      let o = this.forceSelection
      this.forceSelection = !1
      let l = this.view.state.selection.main,
        a,
        h
      if (l.empty) h = a = this.inlineDOMNearPos(l.anchor, l.assoc || 1)
      else
        (h = this.inlineDOMNearPos(l.head, l.head == l.from ? 1 : -1)),
          (a = this.inlineDOMNearPos(l.anchor, l.anchor == l.from ? 1 : -1))
      if (C.gecko && l.empty && !this.hasComposition && AO(a)) {
        const f = document.createTextNode('')
        this.view.observer.ignore(() => a.node.insertBefore(f, a.node.childNodes[a.offset] || null)),
          (a = h = new Je(f, 0)),
          (o = !0)
      }
      const c = this.view.observer.selectionRange
      if (
        o ||
        !c.focusNode ||
        ((!nn(a.node, a.offset, c.anchorNode, c.anchorOffset) || !nn(h.node, h.offset, c.focusNode, c.focusOffset)) &&
          !this.suppressWidgetCursorChange(c, l))
      )
        this.view.observer.ignore(() => {
          if (C.android && C.chrome && i.contains(c.focusNode) && LO(c.focusNode, i))
            i.blur(), i.focus({ preventScroll: !0 })
          const f = ln(this.view.root)
          if (!f);
          else if (l.empty) {
            if (C.gecko) {
              const u = MO(a.node, a.offset)
              if (u && u != 3) {
                const d = (u == 1 ? Wh : Yh)(a.node, a.offset)
                if (d) a = new Je(d.node, d.offset)
              }
            }
            if ((f.collapse(a.node, a.offset), l.bidiLevel != null && f.caretBidiLevel !== void 0))
              f.caretBidiLevel = l.bidiLevel
          } else if (f.extend) {
            f.collapse(a.node, a.offset)
            try {
              f.extend(h.node, h.offset)
            } catch (u) {}
          } else {
            const u = document.createRange()
            if (l.anchor > l.head) [a, h] = [h, a]
            u.setEnd(h.node, h.offset), u.setStart(a.node, a.offset), f.removeAllRanges(), f.addRange(u)
          }
          if (r && this.view.root.activeElement == i) {
            if ((i.blur(), n)) n.focus()
          }
        }),
          this.view.observer.setSelectionRange(a, h)
      ;(this.impreciseAnchor = a.precise ? null : new Je(c.anchorNode, c.anchorOffset)),
        (this.impreciseHead = h.precise ? null : new Je(c.focusNode, c.focusOffset))
    }
    suppressWidgetCursorChange(e, t) {
      return (
        this.hasComposition &&
        t.empty &&
        nn(e.focusNode, e.focusOffset, e.anchorNode, e.anchorOffset) &&
        this.posFromDOM(e.focusNode, e.focusOffset) == t.head
      )
    }
    enforceCursorAssoc() {
      if (this.hasComposition) return
      const { view: e } = this,
        t = e.state.selection.main,
        i = ln(e.root),
        { anchorNode: n, anchorOffset: s } = e.observer.selectionRange
      if (!i || !t.empty || !t.assoc || !i.modify) return
      const r = this.lineAt(t.head, t.assoc)
      if (!r) return
      const o = r.posAtStart
      if (t.head == o || t.head == o + r.length) return
      const l = this.coordsAt(t.head, -1),
        a = this.coordsAt(t.head, 1)
      if (!l || !a || l.bottom > a.top) return
      const h = this.domAtPos(t.head + t.assoc, t.assoc)
      i.collapse(h.node, h.offset),
        i.modify('move', t.assoc < 0 ? 'forward' : 'backward', 'lineboundary'),
        e.observer.readSelectionRange()
      const c = e.observer.selectionRange
      if (e.docView.posFromDOM(c.anchorNode, c.anchorOffset) != t.from) i.collapse(n, s)
    }
    posFromDOM(e, t) {
      const i = this.tile.nearest(e)
      if (!i) return this.tile.dom.compareDocumentPosition(e) & 2 ? 0 : this.view.state.doc.length
      const n = i.posAtStart
      if (i.isComposite()) {
        let s
        if (e == i.dom) s = i.dom.childNodes[t]
        else {
          let r = St(e) == 0 ? 0 : t == 0 ? -1 : 1
          for (;;) {
            const o = e.parentNode
            if (o == i.dom) break
            if (r == 0 && o.firstChild != o.lastChild)
              if (e == o.firstChild) r = -1
              else r = 1
            e = o
          }
          if (r < 0) s = e
          else s = e.nextSibling
        }
        if (s == i.dom.firstChild) return n
        while (s && !te.get(s)) s = s.nextSibling
        if (!s) return n + i.length
        for (let r = 0, o = n; ; r++) {
          const l = i.children[r]
          if (l.dom == s) return o
          o += l.length + l.breakAfter
        }
      } else if (i.isText()) return e == i.dom ? n + t : n + (t ? i.length : 0)
      else return n
    }
    domAtPos(e, t) {
      const { tile: i, offset: n } = this.tile.resolveBlock(e, t)
      if (i.isWidget()) return i.domPosFor(n, t)
      return i.domIn(n, t)
    }
    inlineDOMNearPos(e, t) {
      let i,
        n = -1,
        s = !1,
        r,
        o = -1,
        l = !1
      if (
        (this.tile.blockTiles((a, h) => {
          if (a.isWidget()) {
            if (a.flags & 32 && h >= e) return !0
            if (a.flags & 16) s = !0
          } else {
            const c = h + a.length
            if (h <= e) (i = a), (n = e - h), (s = c < e)
            if (c >= e && !r) (r = a), (o = e - h), (l = h > e)
            if (h > e && r) return !0
          }
        }),
        !i && !r)
      )
        return this.domAtPos(e, t)
      if (s && r) i = null
      else if (l && i) r = null
      return (i && t < 0) || !r ? i.domIn(n, t) : r.domIn(o, t)
    }
    coordsAt(e, t, i) {
      const { tile: n, offset: s } = this.tile.resolveBlock(e, t)
      if (n.isWidget()) {
        if (n.widget instanceof ls) return null
        return n.coordsInWidget(s, t, !0)
      }
      return n.coordsIn(s, t, i)
    }
    lineAt(e, t) {
      const { tile: i } = this.tile.resolveBlock(e, t)
      return i.isLine() ? i : null
    }
    coordsForChar(e) {
      const { tile: t, offset: i } = this.tile.resolveBlock(e, 1)
      if (!t.isLine()) return null
      function n(s, r) {
        if (s.isComposite())
          for (const o of s.children) {
            if (o.length >= r) {
              const l = n(o, r)
              if (l) return l
            }
            if (((r -= o.length), r < 0)) break
          }
        else if (s.isText() && r < s.length) {
          const o = oe(s.text, r)
          if (o == r) return null
          const l = an(s.dom, r, o).getClientRects()
          for (let a = 0; a < l.length; a++) {
            const h = l[a]
            if (a == l.length - 1 || (h.top < h.bottom && h.left < h.right)) return h
          }
        }
        return null
      }
      return n(t, i)
    }
    measureVisibleLineHeights(e) {
      let t = [],
        { from: i, to: n } = e,
        s = this.view.contentDOM.clientWidth,
        r = s > Math.max(this.view.scrollDOM.clientWidth, this.minWidth) + 1,
        o = -1,
        l = this.view.textDirection == B.LTR,
        a = 0,
        h = (c, f, u) => {
          for (let d = 0; d < c.children.length; d++) {
            if (f > n) break
            const p = c.children[d],
              O = f + p.length,
              m = p.dom.getBoundingClientRect(),
              { height: y } = m
            if (u && !d) a += m.top - u.top
            if (p instanceof xt) {
              if (O > i) h(p, f, m)
            } else if (f >= i) {
              if (a > 0) t.push(-a)
              if ((t.push(y + a), (a = 0), r)) {
                const x = p.dom.lastChild,
                  Q = x ? rs(x) : []
                if (Q.length) {
                  const P = Q[Q.length - 1],
                    S = l ? P.right - m.left : m.right - P.left
                  if (S > o) (o = S), (this.minWidth = s), (this.minWidthFrom = f), (this.minWidthTo = O)
                }
              }
            }
            if (u && d == c.children.length - 1) a += u.bottom - m.bottom
            f = O + p.breakAfter
          }
        }
      return (h(this.tile, 0, null), t)
    }
    textDirectionAt(e) {
      const { tile: t } = this.tile.resolveBlock(e, 1)
      return getComputedStyle(t.dom).direction == 'rtl' ? B.RTL : B.LTR
    }
    measureTextSize() {
      const e = this.tile.blockTiles((r) => {
        if (r.isLine() && r.children.length && r.length <= 20) {
          let o = 0,
            l
          for (const a of r.children) {
            if (!a.isText() || /[^ -~]/.test(a.text)) return
            const h = rs(a.dom)
            if (h.length != 1) return
            ;(o += h[0].width), (l = h[0].height)
          }
          if (o) return { lineHeight: r.dom.getBoundingClientRect().height, charWidth: o / r.length, textHeight: l }
        }
      })
      if (e) return e
      let t = document.createElement('div'),
        i,
        n,
        s
      return (
        (t.className = 'cm-line'),
        (t.style.width = '99999px'),
        (t.style.position = 'absolute'),
        (t.textContent = 'abc def ghi jkl mno pqr stu'),
        this.view.observer.ignore(() => {
          this.tile.dom.appendChild(t)
          const r = rs(t.firstChild)[0]
          ;(i = t.getBoundingClientRect().height),
            (n = r && r.width ? r.width / 27 : 7),
            (s = r && r.height ? r.height : i),
            t.remove()
        }),
        { lineHeight: i, charWidth: n, textHeight: s }
      )
    }
    computeBlockGapDeco() {
      const e = [],
        t = this.view.viewState
      for (let i = 0, n = 0; ; n++) {
        const s = n == t.viewports.length ? null : t.viewports[n],
          r = s ? s.from - 1 : this.view.state.doc.length
        if (r > i) {
          const o = (t.lineBlockAt(r).bottom - t.lineBlockAt(i).top) / this.view.scaleY
          e.push(X.replace({ widget: new ls(o), block: !0, inclusive: !0, isBlockGap: !0 }).range(i, r))
        }
        if (!s) break
        i = s.to + 1
      }
      return X.set(e)
    }
    updateDeco() {
      let e = 1,
        t = this.view.state
          .facet(vs)
          .map((s) => ((this.dynamicDecorationMap[e++] = typeof s == 'function') ? s(this.view) : s)),
        i = !1,
        n = this.view.state.facet(Mo).map((s, r) => {
          const o = typeof s == 'function'
          if (o) i = !0
          return o ? s(this.view) : s
        })
      if (n.length) (this.dynamicDecorationMap[e++] = i), t.push(_.join(n))
      this.decorations = [this.editContextFormatting, ...t, this.computeBlockGapDeco(), this.view.viewState.lineGapDeco]
      while (e < this.decorations.length) this.dynamicDecorationMap[e++] = !1
      this.blockWrappers = this.view.state.facet(sc).map((s) => (typeof s == 'function' ? s(this.view) : s))
    }
    scrollIntoView(e) {
      if (e.isSnapshot) {
        const a = this.view.viewState.lineBlockAt(e.range.head)
        ;(this.view.scrollDOM.scrollTop = a.top - e.yMargin), (this.view.scrollDOM.scrollLeft = e.xMargin)
        return
      }
      for (const a of this.view.state.facet(tc))
        try {
          if (a(this.view, e.range, e)) return !0
        } catch (h) {
          pe(this.view.state, h, 'scroll handler')
        }
      let { range: t } = e,
        i = this.coordsAt(t.head, t.assoc || (t.head > t.anchor ? -1 : 1)),
        n
      if (!i) return
      if (!t.empty && (n = this.coordsAt(t.anchor, t.anchor > t.head ? -1 : 1)))
        i = {
          left: Math.min(i.left, n.left),
          top: Math.min(i.top, n.top),
          right: Math.max(i.right, n.right),
          bottom: Math.max(i.bottom, n.bottom),
        }
      const s = Ro(this.view),
        r = { left: i.left - s.left, top: i.top - s.top, right: i.right + s.right, bottom: i.bottom + s.bottom },
        { offsetWidth: o, offsetHeight: l } = this.view.scrollDOM
      if (
        (fO(
          this.view.scrollDOM,
          r,
          t.head < t.anchor ? -1 : 1,
          e.x,
          e.y,
          Math.max(Math.min(e.xMargin, o), -o),
          Math.max(Math.min(e.yMargin, l), -l),
          this.view.textDirection == B.LTR,
        ),
        window.visualViewport &&
          window.innerHeight - window.visualViewport.height > 1 &&
          (i.top > window.visualViewport.offsetTop + window.visualViewport.height ||
            i.bottom < window.visualViewport.offsetTop))
      ) {
        const a = this.view.docView.lineAt(t.head, 1)
        if (a) {
          const h = Lh(a.dom)
          a.dom.scrollIntoView({ block: 'nearest' }), Dh(h, !1)
        }
      }
    }
    lineHasWidget(e) {
      const t = (i) => i.isWidget() || i.children.some(t)
      return t(this.tile.resolveBlock(e, 1).tile)
    }
    destroy() {
      lo(this.tile)
    }
  }
  function lo(e, t) {
    const i = t === null || t === void 0 ? void 0 : t.get(e)
    if (i != 1) {
      if (i == null) e.destroy()
      for (const n of e.children) lo(n, t)
    }
  }
  function AO(e) {
    return (
      ae(e.node) &&
      e.node.firstChild &&
      (e.offset == 0 || e.node.childNodes[e.offset - 1].contentEditable == 'false') &&
      (e.offset == e.node.childNodes.length || e.node.childNodes[e.offset].contentEditable == 'false')
    )
  }
  function Oc(e, t) {
    const i = e.observer.selectionRange
    if (!i.focusNode) return null
    let n = Wh(i.focusNode, i.focusOffset),
      s = Yh(i.focusNode, i.focusOffset),
      r = n || s
    if (s && n && s.node != n.node) {
      const l = te.get(s.node)
      if (!l || (l.isText() && l.text != s.node.nodeValue)) r = s
      else if (e.docView.lastCompositionAfterCursor) {
        const a = te.get(n.node)
        if (!(!a || (a.isText() && a.text != n.node.nodeValue))) r = s
      }
    }
    if (((e.docView.lastCompositionAfterCursor = r != n), !r)) return null
    const o = t - r.offset
    return { from: o, to: o + r.node.nodeValue.length, node: r.node }
  }
  function XO(e, t, i) {
    const n = Oc(e, i)
    if (!n) return null
    const { node: s, from: r, to: o } = n,
      l = s.nodeValue
    if (/[\n\r]/.test(l)) return null
    if (e.state.doc.sliceString(n.from, n.to) != l) return null
    const a = t.invertedDesc
    return { range: new ze(a.mapPos(r), a.mapPos(o), r, o), text: s }
  }
  function MO(e, t) {
    if (!ae(e)) return 0
    return (
      (t && e.childNodes[t - 1].contentEditable == 'false' ? 1 : 0) |
      (t < e.childNodes.length && e.childNodes[t].contentEditable == 'false' ? 2 : 0)
    )
  }
  var RO = class {
    constructor() {
      this.changes = []
    }
    compareRange(t, i) {
      ci(t, i, this.changes)
    }
    comparePoint(t, i) {
      ci(t, i, this.changes)
    }
    boundChange(t) {
      ci(t, t, this.changes)
    }
  }
  function TO(e, t, i) {
    const n = new RO()
    return (_.compare(e, t, i, n), n.changes)
  }
  class mc {
    constructor() {
      this.changes = []
    }
    compareRange(e, t) {
      ci(e, t, this.changes)
    }
    comparePoint() {}
    boundChange(e) {
      ci(e, e, this.changes)
    }
  }
  function _O(e, t, i) {
    const n = new mc()
    return (_.compare(e, t, i, n), n.changes)
  }
  function LO(e, t) {
    for (let i = e; i && i != t; i = i.assignedSlot || i.parentNode)
      if (ae(i) && i.contentEditable == 'false') return !0
    return !1
  }
  function DO(e, t) {
    let i = !1
    if (t)
      e.iterChangedRanges((n, s) => {
        if (n < t.to && s > t.from) i = !0
      })
    return i
  }
  class ls extends Ce {
    constructor(e) {
      super()
      this.height = e
    }
    toDOM() {
      const e = document.createElement('div')
      return ((e.className = 'cm-gap'), this.updateDOM(e), e)
    }
    eq(e) {
      return e.height == this.height
    }
    updateDOM(e) {
      return ((e.style.height = this.height + 'px'), !0)
    }
    get editable() {
      return !0
    }
    get estimatedHeight() {
      return this.height
    }
    ignoreEvent() {
      return !1
    }
  }
  function jO(e, t, i = 1) {
    const n = e.charCategorizer(t),
      s = e.doc.lineAt(t),
      r = t - s.from
    if (s.length == 0) return b.cursor(t)
    if (r == 0) i = 1
    else if (r == s.length) i = -1
    let o = r,
      l = r
    if (i < 0) o = oe(s.text, r, !1)
    else l = oe(s.text, r)
    const a = n(s.text.slice(o, l))
    while (o > 0) {
      const h = oe(s.text, o, !1)
      if (n(s.text.slice(h, o)) != a) break
      o = h
    }
    while (l < s.length) {
      const h = oe(s.text, l)
      if (n(s.text.slice(l, h)) != a) break
      l = h
    }
    return b.undirectionalRange(o + s.from, l + s.from)
  }
  function EO(e, t, i, n, s) {
    let r = Math.round((n - t.left) * e.defaultCharacterWidth)
    if (e.lineWrapping && i.height > e.defaultLineHeight * 1.5) {
      const l = e.viewState.heightOracle.textHeight,
        a = Math.floor((s - i.top - (e.defaultLineHeight - l) * 0.5) / l)
      r += a * e.viewState.heightOracle.lineLength
    }
    const o = e.state.sliceDoc(i.from, i.to)
    return i.from + Gn(o, r, e.state.tabSize)
  }
  function ao(e, t, i) {
    const n = e.lineBlockAt(t)
    if (Array.isArray(n.type)) {
      let s
      for (const r of n.type) {
        if (r.from > t) break
        if (r.to < t) continue
        if (r.from < t && r.to > t) return r
        if (!s || (r.type == Oe.Text && (s.type != r.type || (i < 0 ? r.from < t : r.to > t)))) s = r
      }
      return s || n
    }
    return n
  }
  function WO(e, t, i, n) {
    const s = ao(e, t.head, t.assoc || -1),
      r =
        !n || s.type != Oe.Text || !(e.lineWrapping || s.widgetLineBreaks)
          ? null
          : e.coordsAtPos(t.assoc < 0 && t.head > s.from ? t.head - 1 : t.head)
    if (r) {
      const o = e.dom.getBoundingClientRect(),
        l = e.textDirectionAt(s.from),
        a = e.posAndSideAtCoords({ x: i == (l == B.LTR) ? o.right - 1 : o.left + 1, y: (r.top + r.bottom) / 2 })
      if (a) return b.cursor(a.pos, a.assoc)
    }
    return b.cursor(i ? s.to : s.from, i ? 1 : -1)
  }
  function nh(e, t, i, n) {
    let s = e.state.doc.lineAt(t.head),
      r = e.bidiSpans(s),
      o = e.textDirectionAt(s.from)
    for (let l = t, a = null; ; ) {
      let h = SO(s, r, o, l, i),
        c = Uh
      if (!h) {
        if (s.number == (i ? e.state.doc.lines : 1)) return l
        ;(c = `
`),
          (s = e.state.doc.line(s.number + (i ? 1 : -1))),
          (r = e.bidiSpans(s)),
          (h = i ? b.cursor(s.from, -1) : b.cursor(s.to, 1))
      }
      if (!a) {
        if (!n) return h
        a = n(c)
      } else if (!a(c)) return l
      l = h
    }
  }
  function YO(e, t, i) {
    let n = e.state.charCategorizer(t),
      s = n(i)
    return (r) => {
      const o = n(r)
      if (s == q.Space) s = o
      return s == o
    }
  }
  function zO(e, t, i, n) {
    const s = t.head,
      r = i ? 1 : -1
    if (s == (i ? e.state.doc.length : 0)) return b.cursor(s, t.assoc)
    let o = t.goalColumn,
      l,
      a = e.contentDOM.getBoundingClientRect(),
      h = e.coordsAtPos(s, t.assoc || ((t.empty ? i : t.head == t.from) ? 1 : -1)),
      c = e.documentTop
    if (h) {
      if (o == null) o = h.left - a.left
      l = r < 0 ? h.top : h.bottom
    } else {
      const p = e.viewState.lineBlockAt(s)
      if (o == null) o = Math.min(a.right - a.left, e.defaultCharacterWidth * (s - p.from))
      l = (r < 0 ? p.top : p.bottom) + c
    }
    const f = a.left + o,
      u = e.viewState.heightOracle.textHeight >> 1,
      d = n !== null && n !== void 0 ? n : u
    for (let p = 0; ; p += u) {
      const O = l + (d + p) * r,
        m = ho(e, { x: f, y: O }, !1, r)
      if (i ? O > a.bottom : O < a.top) return b.cursor(m.pos, m.assoc)
      const y = e.coordsAtPos(m.pos, m.assoc),
        x = y ? (y.top + y.bottom) / 2 : 0
      if (!y || (i ? x > l : x < l)) return b.cursor(m.pos, m.assoc, void 0, o)
    }
  }
  function sn(e, t, i) {
    for (;;) {
      let n = 0
      for (const s of e)
        s.between(t - 1, t + 1, (r, o, l) => {
          if (t > r && t < o) {
            const a = n || i || (t - r < o - t ? -1 : 1)
            ;(t = a < 0 ? r : o), (n = a)
          }
        })
      if (!n) return t
    }
  }
  function gc(e, t) {
    let i = null
    for (let n = 0; n < t.ranges.length; n++) {
      let s = t.ranges[n],
        r = null
      if (s.empty) {
        const o = sn(e, s.from, 0)
        if (o != s.from) r = b.cursor(o, -1)
      } else {
        const o = sn(e, s.from, -1),
          l = sn(e, s.to, 1)
        if (o != s.from || l != s.to)
          if (s.undirectional) r = b.undirectionalRange(s.from, s.to)
          else r = b.range(s.from == s.anchor ? o : l, s.from == s.head ? o : l)
      }
      if (r) {
        if (!i) i = t.ranges.slice()
        i[n] = r
      }
    }
    return i ? b.create(i, t.mainIndex) : t
  }
  function Ur(e, t, i) {
    const n = sn(
      e.state.facet(un).map((s) => s(e)),
      i.from,
      t.head > i.from ? -1 : 1,
    )
    return n == i.from ? i : b.cursor(n, n < i.from ? 1 : -1)
  }
  class He {
    constructor(e, t) {
      ;(this.pos = e), (this.assoc = t)
    }
  }
  function ho(e, t, i, n) {
    let s = e.contentDOM.getBoundingClientRect(),
      r = s.top + e.viewState.paddingTop,
      { x: o, y: l } = t,
      a = l - r,
      h
    for (;;) {
      if (a < 0) return new He(0, 1)
      if (a > e.viewState.docHeight) return new He(e.state.doc.length, -1)
      if (((h = e.elementAtHeight(a)), n == null)) break
      if (h.type == Oe.Text) {
        if (n < 0 ? h.to < e.viewport.from : h.from > e.viewport.to) break
        const u = e.docView.coordsAt(n < 0 ? h.from : h.to, n > 0 ? -1 : 1)
        if (u && (n < 0 ? u.top <= a + r : u.bottom >= a + r)) break
      }
      const f = e.viewState.heightOracle.textHeight / 2
      a = n > 0 ? h.bottom + f : h.top - f
    }
    if (e.viewport.from >= h.to || e.viewport.to <= h.from) {
      if (i) return null
      if (h.type == Oe.Text) {
        const f = EO(e, s, h, o, l)
        return new He(f, f == h.from ? 1 : -1)
      }
    }
    if (h.type != Oe.Text) return a < (h.top + h.bottom) / 2 ? new He(h.from, 1) : new He(h.to, -1)
    let c = e.docView.lineAt(h.from, 2)
    if (!c || c.length != h.length) c = e.docView.lineAt(h.from, -2)
    return new bc(e, o, l, e.textDirectionAt(h.from)).scanTile(c, h.from)
  }
  class bc {
    constructor(e, t, i, n) {
      ;(this.view = e), (this.x = t), (this.y = i), (this.baseDir = n), (this.line = null), (this.spans = null)
    }
    bidiSpansAt(e) {
      if (!this.line || this.line.from > e || this.line.to < e)
        (this.line = this.view.state.doc.lineAt(e)), (this.spans = this.view.bidiSpans(this.line))
      return this
    }
    baseDirAt(e, t) {
      const { line: i, spans: n } = this.bidiSpansAt(e)
      return n[et.find(n, e - i.from, -1, t)].level == this.baseDir
    }
    dirAt(e, t) {
      const { line: i, spans: n } = this.bidiSpansAt(e)
      return n[et.find(n, e - i.from, -1, t)].dir
    }
    bidiIn(e, t) {
      const { spans: i, line: n } = this.bidiSpansAt(e)
      return i.length > 1 || (i.length && (i[0].level != this.baseDir || i[0].to + n.from < t))
    }
    scan(e, t, i = !1) {
      let n = 0,
        s = e.length - 1,
        r = new Set(),
        o = this.bidiIn(e[0], e[s]),
        l,
        a,
        h = -1,
        c = 1e9,
        f
      while (n < s) {
        let d = s - n,
          p = (n + s) >> 1
        t: if (r.has(p)) {
          for (let y = 1; y < d; y++) {
            let x = p + y
            if (x >= s) x -= d
            if (!r.has(x)) {
              p = x
              break t
            }
          }
          break
        }
        r.add(p)
        let O = t(p),
          m = 0
        if (O)
          for (let y = 0; y < O.length; y++) {
            const x = O[y]
            if (x.width == 0 && O.length > 1) continue
            if (x.bottom < this.y) {
              if (!l || l.bottom < x.bottom) l = x
              m = 1
            } else if (x.top > this.y) {
              if (!a || a.top > x.top) a = x
              m = -1
            } else {
              const Q = x.left > this.x ? this.x - x.left : x.right < this.x ? this.x - x.right : 0,
                P = Math.abs(Q)
              if (P < c) (h = p), (c = P), (f = x)
              if (Q) m = Q < 0 == (this.baseDir == B.LTR) ? -1 : 1
            }
          }
        if (m == -1 && (!o || this.baseDirAt(e[p], 1))) s = p
        else if (m == 1 && (!o || this.baseDirAt(e[p + 1], -1))) n = p + 1
      }
      if (!f) {
        if (!a && !l) return { i: 0, after: !1 }
        const d = l && (!a || this.y - l.bottom < a.top - this.y) ? l : a
        return ((this.y = (d.top + d.bottom) / 2), this.scan(e, t, !0))
      }
      if (c && !i) {
        const { top: d, bottom: p } = f
        if (l && l.bottom > (d + d + p) / 3) return ((this.y = l.bottom - 1), this.scan(e, t, !0))
        if (a && a.top < (d + p + p) / 3) return ((this.y = a.top + 1), this.scan(e, t, !0))
      }
      const u = (o ? this.dirAt(e[h], 1) : this.baseDir) == B.LTR
      return { i: h, after: this.x > (f.left + f.right) / 2 == u }
    }
    scanText(e, t) {
      const i = []
      for (let s = 0; s < e.length; s = oe(e.text, s)) i.push(t + s)
      i.push(t + e.length)
      const n = this.scan(i, (s) => {
        const r = i[s] - t,
          o = i[s + 1] - t
        return an(e.dom, r, o).getClientRects()
      })
      return n.after ? new He(i[n.i + 1], -1) : new He(i[n.i], 1)
    }
    scanTile(e, t) {
      if (!e.length) return new He(t, 1)
      if (e.children.length == 1) {
        const o = e.children[0]
        if (o.isText()) return this.scanText(o, t)
        else if (o.isComposite()) return this.scanTile(o, t)
      }
      const i = [t]
      for (let o = 0, l = t; o < e.children.length; o++) i.push((l += e.children[o].length))
      const n = this.scan(i, (o) => {
          const l = e.children[o]
          if (l.flags & 48) return null
          return (ae(l.dom) ? l.dom : an(l.dom, 0, l.length)).getClientRects()
        }),
        s = e.children[n.i],
        r = i[n.i]
      if (s.isText()) return this.scanText(s, r)
      if (s.isComposite()) return this.scanTile(s, r)
      return n.after ? new He(i[n.i + 1], -1) : new He(r, 1)
    }
  }
  var li = '￿'
  class yc {
    constructor(e, t) {
      ;(this.points = e), (this.view = t), (this.text = ''), (this.lineSeparator = t.state.facet(W.lineSeparator))
    }
    append(e) {
      this.text += e
    }
    lineBreak() {
      this.text += li
    }
    readRange(e, t) {
      if (!e) return this
      const i = e.parentNode
      for (let n = e; ; ) {
        this.findPointBefore(i, n)
        const s = this.text.length
        this.readNode(n)
        const r = te.get(n),
          o = n.nextSibling
        if (o == t) {
          if ((r === null || r === void 0 ? void 0 : r.breakAfter) && !o && i != this.view.contentDOM) this.lineBreak()
          break
        }
        const l = te.get(o)
        if (
          (r && l
            ? r.breakAfter
            : (r ? r.breakAfter : ms(n)) ||
              (ms(o) &&
                (n.nodeName != 'BR' || (r === null || r === void 0 ? void 0 : r.isWidget())) &&
                this.text.length > s)) &&
          !IO(o, t)
        )
          this.lineBreak()
        n = o
      }
      return (this.findPointBefore(i, t), this)
    }
    readTextNode(e) {
      const t = e.nodeValue
      for (const i of this.points) if (i.node == e) i.pos = this.text.length + Math.min(i.offset, t.length)
      for (let i = 0, n = this.lineSeparator ? null : /\r\n?|\n/g; ; ) {
        let s = -1,
          r = 1,
          o
        if (this.lineSeparator) (s = t.indexOf(this.lineSeparator, i)), (r = this.lineSeparator.length)
        else if ((o = n.exec(t))) (s = o.index), (r = o[0].length)
        if ((this.append(t.slice(i, s < 0 ? t.length : s)), s < 0)) break
        if ((this.lineBreak(), r > 1)) {
          for (const l of this.points) if (l.node == e && l.pos > this.text.length) l.pos -= r - 1
        }
        i = s + r
      }
    }
    readNode(e) {
      const t = te.get(e),
        i = t && t.overrideDOMText
      if (i != null) {
        this.findPointInside(e, i.length)
        for (let n = i.iter(); !n.next().done; )
          if (n.lineBreak) this.lineBreak()
          else this.append(n.value)
      } else if (di(e)) this.readTextNode(e)
      else if (e.nodeName == 'BR') {
        if (e.nextSibling) this.lineBreak()
      } else if (ae(e)) this.readRange(e.firstChild, null)
    }
    findPointBefore(e, t) {
      for (const i of this.points) if (i.node == e && e.childNodes[i.offset] == t) i.pos = this.text.length
    }
    findPointInside(e, t) {
      for (const i of this.points)
        if (di(e) ? i.node == e : e.contains(i.node)) i.pos = this.text.length + (BO(e, i.node, i.offset) ? t : 0)
    }
  }
  function BO(e, t, i) {
    for (;;) {
      if (!t || i < St(t)) return !1
      if (t == e) return !0
      ;(i = Zt(t) + 1), (t = t.parentNode)
    }
  }
  function IO(e, t) {
    let i
    for (; ; e = e.nextSibling) {
      if (e == t || !e) break
      const n = te.get(e)
      if (!(n === null || n === void 0 ? void 0 : n.isWidget())) return !1
      if (n) (i || (i = [])).push(n)
    }
    if (i)
      for (const n of i) {
        const s = n.overrideDOMText
        if (s === null || s === void 0 ? void 0 : s.length) return !1
      }
    return !0
  }
  class co {
    constructor(e, t) {
      ;(this.node = e), (this.offset = t), (this.pos = -1)
    }
  }
  class xc {
    constructor(e, t, i, n) {
      ;(this.typeOver = n), (this.bounds = null), (this.text = ''), (this.domChanged = t > -1)
      const { impreciseHead: s, impreciseAnchor: r } = e.docView,
        o = e.state.selection
      if (e.state.readOnly && t > -1) this.newSel = null
      else if (t > -1 && (this.bounds = Sc(e.docView.tile, t, i, 0))) {
        const l = s || r ? [] : UO(e),
          a = new yc(l, e)
        a.readRange(this.bounds.startDOM, this.bounds.endDOM),
          (this.text = a.text),
          (this.newSel = VO(l, this.bounds.from))
      } else {
        let l = e.observer.selectionRange,
          a =
            (s && s.node == l.focusNode && s.offset == l.focusOffset) || !to(e.contentDOM, l.focusNode)
              ? o.main.head
              : e.docView.posFromDOM(l.focusNode, l.focusOffset),
          h =
            (r && r.node == l.anchorNode && r.offset == l.anchorOffset) || !to(e.contentDOM, l.anchorNode)
              ? o.main.anchor
              : e.docView.posFromDOM(l.anchorNode, l.anchorOffset),
          c = e.viewport
        if (
          (C.ios || C.chrome) &&
          a != h &&
          Math.min(a, h) <= o.main.from &&
          Math.max(a, h) >= o.main.to &&
          (c.from > 0 || c.to < e.state.doc.length)
        ) {
          const f = Math.min(a, h),
            u = Math.max(a, h),
            d = c.from - f,
            p = c.to - u
          if ((d == 0 || d == 1 || f == 0) && (p == 0 || p == -1 || u == e.state.doc.length))
            (a = 0), (h = e.state.doc.length)
        }
        if (e.inputState.composing > -1 && o.ranges.length > 1) this.newSel = o.replaceRange(b.range(h, a))
        else if (
          e.lineWrapping &&
          h == a &&
          !(o.main.empty && o.main.head == a) &&
          e.inputState.lastTouchTime > Date.now() - 100
        ) {
          let f = e.coordsAtPos(a, -1),
            u = 0
          if (f) u = e.inputState.lastTouchY <= f.bottom ? -1 : 1
          this.newSel = b.create([b.cursor(a, u)])
        } else this.newSel = b.single(h, a)
      }
    }
  }
  function Sc(e, t, i, n) {
    if (e.isComposite()) {
      let s = -1,
        r = -1,
        o = -1,
        l = -1
      for (let a = 0, h = n, c = n; a < e.children.length; a++) {
        const f = e.children[a],
          u = h + f.length
        if (h < t && u > i) return Sc(f, t, i, h)
        if (u >= t && s == -1) (s = a), (r = h)
        if (h > i && f.dom.parentNode == e.dom) {
          ;(o = a), (l = c)
          break
        }
        ;(c = u), (h = u + f.breakAfter)
      }
      return {
        from: r,
        to: l < 0 ? n + e.length : l,
        startDOM: (s ? e.children[s - 1].dom.nextSibling : null) || e.dom.firstChild,
        endDOM: o < e.children.length && o >= 0 ? e.children[o].dom : null,
      }
    } else if (e.isText()) return { from: n, to: n + e.length, startDOM: e.dom, endDOM: e.dom.nextSibling }
    else return null
  }
  function Qc(e, t) {
    let i,
      { newSel: n } = t,
      { state: s } = e,
      r = s.selection.main,
      o = e.inputState.lastKeyTime > Date.now() - 100 ? e.inputState.lastKeyCode : -1
    if (t.bounds) {
      let { from: l, to: a } = t.bounds,
        h = r.from,
        c = null
      if (o === 8 || (C.android && t.text.length < a - l)) (h = r.to), (c = 'end')
      let f = s.doc.sliceString(l, a, li),
        u,
        d
      if (
        !r.empty &&
        r.from >= l &&
        r.to <= a &&
        (t.typeOver || f != t.text) &&
        f.slice(0, r.from - l) == t.text.slice(0, r.from - l) &&
        f.slice(r.to - l) == t.text.slice((u = t.text.length - (f.length - (r.to - l))))
      )
        i = { from: r.from, to: r.to, insert: j.of(t.text.slice(r.from - l, u).split(li)) }
      else if ((d = wc(f, t.text, h - l, c))) {
        if (C.chrome && o == 13 && d.toB == d.from + 2 && t.text.slice(d.from, d.toB) == li + li) d.toB--
        i = { from: l + d.from, to: l + d.toA, insert: j.of(t.text.slice(d.from, d.toB).split(li)) }
      }
    } else if (n && ((!e.hasFocus && s.facet(yt)) || fo(n, r))) n = null
    if (!i && !n) return !1
    if (
      (C.mac || C.android) &&
      i &&
      i.from == i.to &&
      i.from == r.head - 1 &&
      /^\. ?$/.test(i.insert.toString()) &&
      e.contentDOM.getAttribute('autocorrect') == 'off'
    ) {
      if (n && i.insert.length == 2) n = b.single(n.main.anchor - 1, n.main.head - 1)
      i = { from: i.from, to: i.to, insert: j.of([i.insert.toString().replace('.', ' ')]) }
    } else if (
      s.doc.lineAt(r.from).to < r.to &&
      e.docView.lineHasWidget(r.to) &&
      e.inputState.insertingTextAt > Date.now() - 50
    )
      i = { from: r.from, to: r.to, insert: s.toText(e.inputState.insertingText) }
    else if (
      C.chrome &&
      i &&
      i.from == i.to &&
      i.from == r.head &&
      i.insert.toString() ==
        `
 ` &&
      e.lineWrapping
    ) {
      if (n) n = b.single(n.main.anchor - 1, n.main.head - 1)
      i = { from: r.from, to: r.to, insert: j.of([' ']) }
    }
    if (i) return To(e, i, n, o)
    else if (n && !fo(n, r)) {
      let l = !1,
        a = 'select'
      if (e.inputState.lastSelectionTime > Date.now() - 50) {
        if (e.inputState.lastSelectionOrigin == 'select') l = !0
        if (((a = e.inputState.lastSelectionOrigin), a == 'select.pointer'))
          n = gc(
            s.facet(un).map((h) => h(e)),
            n,
          )
      }
      return (e.dispatch({ selection: n, scrollIntoView: l, userEvent: a }), !0)
    } else return !1
  }
  function To(e, t, i, n = -1) {
    if (C.ios && e.inputState.flushIOSKey(t)) return !0
    const s = e.state.selection.main
    if (
      C.android &&
      ((t.to == s.to &&
        (t.from == s.from || (t.from == s.from - 1 && e.state.sliceDoc(t.from, s.from) == ' ')) &&
        t.insert.length == 1 &&
        t.insert.lines == 2 &&
        fi(e.contentDOM, 'Enter', 13)) ||
        (((t.from == s.from - 1 && t.to == s.to && t.insert.length == 0) ||
          (n == 8 && t.insert.length < t.to - t.from && t.to > s.head)) &&
          fi(e.contentDOM, 'Backspace', 8)) ||
        (t.from == s.from && t.to == s.to + 1 && t.insert.length == 0 && fi(e.contentDOM, 'Delete', 46)))
    )
      return !0
    const r = t.insert.toString()
    if (e.inputState.composing >= 0) e.inputState.composing++
    let o,
      l = () => o || (o = qO(e, t, i))
    if (!e.state.facet(Hh).some((a) => a(e, t.from, t.to, r, l))) e.dispatch(l())
    return !0
  }
  function qO(e, t, i) {
    let n,
      s = e.state,
      r = s.selection.main,
      o = -1
    if ((t.from == t.to && t.from < r.from) || t.from > r.to) {
      const a = t.from < r.from ? -1 : 1,
        h = a < 0 ? r.from : r.to,
        c = sn(
          s.facet(un).map((f) => f(e)),
          h,
          a,
        )
      if (t.from == c) o = c
    }
    if (o > -1) n = { changes: t, selection: b.cursor(t.from + t.insert.length, -1) }
    else if (
      t.from >= r.from &&
      t.to <= r.to &&
      t.to - t.from >= (r.to - r.from) / 3 &&
      (!i || (i.main.empty && i.main.from == t.from + t.insert.length)) &&
      e.inputState.composing < 0
    ) {
      const a = r.from < t.from ? s.sliceDoc(r.from, t.from) : '',
        h = r.to > t.to ? s.sliceDoc(t.to, r.to) : ''
      n = s.replaceSelection(e.state.toText(a + t.insert.sliceString(0, void 0, e.state.lineBreak) + h))
    } else {
      const a = s.changes(t),
        h = i && i.main.to <= a.newLength ? i.main : void 0
      if (
        s.selection.ranges.length > 1 &&
        (e.inputState.composing >= 0 || e.inputState.compositionPendingChange) &&
        t.to <= r.to + 10 &&
        t.to >= r.to - 10
      ) {
        let c = e.state.sliceDoc(t.from, t.to),
          f,
          u = i && Oc(e, i.main.head)
        if (u) {
          const p = t.insert.length - (t.to - t.from)
          f = { from: u.from, to: u.to - p }
        } else f = e.state.doc.lineAt(r.head)
        const d = r.to - t.to
        n = s.changeByRange((p) => {
          if (p.from == r.from && p.to == r.to) return { changes: a, range: h || p.map(a) }
          const O = p.to - d,
            m = O - c.length
          if (e.state.sliceDoc(m, O) != c || (O >= f.from && m <= f.to)) return { range: p }
          const y = s.changes({ from: m, to: O, insert: t.insert }),
            x = p.to - r.to
          return { changes: y, range: !h ? p.map(y) : b.range(Math.max(0, h.anchor + x), Math.max(0, h.head + x)) }
        })
      } else n = { changes: a, selection: h && s.selection.replaceRange(h) }
    }
    let l = 'input.type'
    if (e.composing || (e.inputState.compositionPendingChange && e.inputState.compositionEndedAt > Date.now() - 50)) {
      if (((e.inputState.compositionPendingChange = !1), (l += '.compose'), e.inputState.compositionFirstChange))
        (l += '.start'), (e.inputState.compositionFirstChange = !1)
    }
    return s.update(n, { userEvent: l, scrollIntoView: !0 })
  }
  function wc(e, t, i, n) {
    let s = Math.min(e.length, t.length),
      r = 0
    while (r < s && e.charCodeAt(r) == t.charCodeAt(r)) r++
    if (r == s && e.length == t.length) return null
    let o = e.length,
      l = t.length
    while (o > 0 && l > 0 && e.charCodeAt(o - 1) == t.charCodeAt(l - 1)) o--, l--
    if (n == 'end') {
      const a = Math.max(0, r - Math.min(o, l))
      i -= o + a - r
    }
    if (o < r && e.length < t.length) {
      const a = i <= r && i >= o ? r - i : 0
      ;(r -= a), (l = r + (l - o)), (o = r)
    } else if (l < r) {
      const a = i <= r && i >= l ? r - i : 0
      ;(r -= a), (o = r + (o - l)), (l = r)
    }
    return { from: r, toA: o, toB: l }
  }
  function UO(e) {
    const t = []
    if (e.root.activeElement != e.contentDOM) return t
    const { anchorNode: i, anchorOffset: n, focusNode: s, focusOffset: r } = e.observer.selectionRange
    if (i) {
      if ((t.push(new co(i, n)), s != i || r != n)) t.push(new co(s, r))
    }
    return t
  }
  function VO(e, t) {
    if (e.length == 0) return null
    const i = e[0].pos,
      n = e.length == 2 ? e[1].pos : i
    return i < 0 || n < 0 ? null : i == n ? b.create([b.cursor(n + t, -1)]) : b.single(i + t, n + t)
  }
  function fo(e, t) {
    return t.head == e.main.head && t.anchor == e.main.anchor
  }
  class kc {
    setSelectionOrigin(e) {
      ;(this.lastSelectionOrigin = e), (this.lastSelectionTime = Date.now())
    }
    constructor(e) {
      if (
        ((this.view = e),
        (this.lastKeyCode = 0),
        (this.lastKeyTime = 0),
        (this.touchActive = !1),
        (this.lastTouchTime = 0),
        (this.lastTouchX = 0),
        (this.lastTouchY = 0),
        (this.lastFocusTime = 0),
        (this.lastScrollTop = 0),
        (this.lastScrollLeft = 0),
        (this.lastWheelEvent = 0),
        (this.pendingIOSKey = void 0),
        (this.lastIOSMomentumScroll = 0),
        (this.tabFocusMode = -1),
        (this.lastSelectionOrigin = null),
        (this.lastSelectionTime = 0),
        (this.lastContextMenu = 0),
        (this.scrollHandlers = []),
        (this.handlers = Object.create(null)),
        (this.composing = -1),
        (this.compositionFirstChange = null),
        (this.compositionEndedAt = 0),
        (this.compositionPendingKey = !1),
        (this.compositionPendingChange = !1),
        (this.insertingText = ''),
        (this.insertingTextAt = 0),
        (this.mouseSelection = null),
        (this.draggedContent = null),
        (this.handleEvent = this.handleEvent.bind(this)),
        (this.notifiedFocused = e.hasFocus),
        C.safari)
      )
        e.contentDOM.addEventListener('input', () => null)
      if (C.gecko) am(e.contentDOM.ownerDocument)
    }
    handleEvent(e) {
      if (!tm(this.view, e) || this.ignoreDuringComposition(e)) return
      if (e.type == 'keydown' && this.keydown(e)) return
      if (this.view.updateState != 0) Promise.resolve().then(() => this.runHandlers(e.type, e))
      else this.runHandlers(e.type, e)
    }
    runHandlers(e, t) {
      const i = this.handlers[e]
      if (i) {
        for (const n of i.observers) n(this.view, t)
        for (const n of i.handlers) {
          if (t.defaultPrevented) break
          if (n(this.view, t)) {
            t.preventDefault()
            break
          }
        }
      }
    }
    ensureHandlers(e) {
      const t = GO(e),
        i = this.handlers,
        n = this.view.contentDOM
      for (const s in t)
        if (s != 'scroll') {
          let r = !t[s].handlers.length,
            o = i[s]
          if (o && r != !o.handlers.length) n.removeEventListener(s, this.handleEvent), (o = null)
          if (!o) n.addEventListener(s, this.handleEvent, { passive: r })
        }
      for (const s in i) if (s != 'scroll' && !t[s]) n.removeEventListener(s, this.handleEvent)
      this.handlers = t
    }
    keydown(e) {
      if (
        ((this.lastKeyCode = e.keyCode),
        (this.lastKeyTime = Date.now()),
        e.keyCode == 9 && this.tabFocusMode > -1 && (!this.tabFocusMode || Date.now() <= this.tabFocusMode))
      )
        return !0
      if (this.tabFocusMode > 0 && e.keyCode != 27 && $c.indexOf(e.keyCode) < 0) this.tabFocusMode = -1
      if (C.android && C.chrome && !e.synthetic && (e.keyCode == 13 || e.keyCode == 8))
        return (this.view.observer.delayAndroidKey(e.key, e.keyCode), !0)
      if (
        C.ios &&
        !e.synthetic &&
        !e.altKey &&
        !e.metaKey &&
        ((vc.some((t) => t.keyCode == e.keyCode) && !e.ctrlKey) || (FO.indexOf(e.key) > -1 && e.ctrlKey))
      ) {
        const t = { ctrlKey: e.ctrlKey, altKey: e.altKey, metaKey: e.metaKey, shiftKey: e.shiftKey }
        if (t.shiftKey && C.ios && !/^(off|none)$/.test(this.view.contentDOM.autocapitalize) && NO(this.view.win))
          t.shiftKey = !1
        const i = (this.pendingIOSKey = { key: e.key, keyCode: e.keyCode, mods: t })
        return (
          setTimeout(() => {
            if (this.pendingIOSKey == i) this.flushIOSKey()
          }, 50),
          !0
        )
      }
      if (e.keyCode != 229) this.view.observer.forceFlush()
      return !1
    }
    flushIOSKey(e) {
      const t = this.pendingIOSKey
      if (!t || this.view.observer.pendingRecords().length) return !1
      if (t.key == 'Enter' && e && e.from < e.to && /^\S+$/.test(e.insert.toString())) return !1
      return ((this.pendingIOSKey = void 0), fi(this.view.contentDOM, t.key, t.keyCode, t.mods))
    }
    ignoreDuringComposition(e) {
      if (!/^key/.test(e.type) || e.synthetic) return !1
      if (this.composing > 0) return !0
      if (C.safari && !C.ios && this.compositionPendingKey && Date.now() - this.compositionEndedAt < 100)
        return ((this.compositionPendingKey = !1), !0)
      return !1
    }
    startMouseSelection(e) {
      if (this.mouseSelection) this.mouseSelection.destroy()
      this.mouseSelection = e
    }
    update(e) {
      if ((this.view.observer.update(e), this.mouseSelection)) this.mouseSelection.update(e)
      if (this.draggedContent && e.docChanged) this.draggedContent = this.draggedContent.map(e.changes)
      if (e.transactions.length) this.lastKeyCode = this.lastSelectionTime = 0
    }
    destroy() {
      if (this.mouseSelection) this.mouseSelection.destroy()
    }
  }
  function NO(e) {
    if (!e.visualViewport) return !1
    return (e.visualViewport.height * e.visualViewport.scale) / e.document.documentElement.clientHeight < 0.85
  }
  function sh(e, t) {
    return (i, n) => {
      try {
        return t.call(e, n, i)
      } catch (s) {
        pe(i.state, s)
      }
    }
  }
  function GO(e) {
    const t = Object.create(null)
    function i(n) {
      return t[n] || (t[n] = { observers: [], handlers: [] })
    }
    for (const n of e) {
      const s = n.spec,
        r = s && s.plugin.domEventHandlers,
        o = s && s.plugin.domEventObservers
      if (r)
        for (const l in r) {
          const a = r[l]
          if (a) i(l).handlers.push(sh(n.value, a))
        }
      if (o)
        for (const l in o) {
          const a = o[l]
          if (a) i(l).observers.push(sh(n.value, a))
        }
    }
    for (const n in tt) i(n).handlers.push(tt[n])
    for (const n in we) i(n).observers.push(we[n])
    return t
  }
  var vc = [
      { key: 'Backspace', keyCode: 8, inputType: 'deleteContentBackward' },
      { key: 'Enter', keyCode: 13, inputType: 'insertParagraph' },
      { key: 'Enter', keyCode: 13, inputType: 'insertLineBreak' },
      { key: 'Delete', keyCode: 46, inputType: 'deleteContentForward' },
    ],
    FO = 'dthko',
    $c = [16, 17, 18, 20, 91, 92, 224, 225],
    Hn = 6
  function Kn(e) {
    return Math.max(0, e) * 0.7 + 8
  }
  function HO(e, t) {
    return Math.max(Math.abs(e.clientX - t.clientX), Math.abs(e.clientY - t.clientY))
  }
  class Pc {
    constructor(e, t, i, n) {
      ;(this.view = e),
        (this.startEvent = t),
        (this.style = i),
        (this.mustSelect = n),
        (this.scrollSpeed = { x: 0, y: 0 }),
        (this.scrolling = -1),
        (this.lastEvent = t),
        (this.scrollParents = Th(e.contentDOM)),
        (this.atoms = e.state.facet(un).map((r) => r(e)))
      const s = e.contentDOM.ownerDocument
      s.addEventListener('mousemove', (this.move = this.move.bind(this))),
        s.addEventListener('mouseup', (this.up = this.up.bind(this))),
        (this.extend = t.shiftKey),
        (this.multiple = e.state.facet(W.allowMultipleSelections) && KO(e, t)),
        (this.dragging = em(e, t) && Ac(t) == 1 ? null : !1)
    }
    start(e) {
      if (this.dragging === !1) this.select(e)
    }
    move(e) {
      if (e.buttons == 0) return this.destroy()
      if (this.dragging || (this.dragging == null && HO(this.startEvent, e) < 10)) return
      this.select((this.lastEvent = e))
      let t = 0,
        i = 0,
        n = 0,
        s = 0,
        r = this.view.win.innerWidth,
        o = this.view.win.innerHeight
      if (this.scrollParents.x) ({ left: n, right: r } = this.scrollParents.x.getBoundingClientRect())
      if (this.scrollParents.y) ({ top: s, bottom: o } = this.scrollParents.y.getBoundingClientRect())
      const l = Ro(this.view)
      if (e.clientX - l.left <= n + Hn) t = -Kn(n - e.clientX)
      else if (e.clientX + l.right >= r - Hn) t = Kn(e.clientX - r)
      if (e.clientY - l.top <= s + Hn) i = -Kn(s - e.clientY)
      else if (e.clientY + l.bottom >= o - Hn) i = Kn(e.clientY - o)
      this.setScrollSpeed(t, i)
    }
    up(e) {
      if (this.dragging == null) this.select(this.lastEvent)
      if (!this.dragging) e.preventDefault()
      this.destroy()
    }
    destroy() {
      this.setScrollSpeed(0, 0)
      const e = this.view.contentDOM.ownerDocument
      e.removeEventListener('mousemove', this.move),
        e.removeEventListener('mouseup', this.up),
        (this.view.inputState.mouseSelection = this.view.inputState.draggedContent = null)
    }
    setScrollSpeed(e, t) {
      if (((this.scrollSpeed = { x: e, y: t }), e || t)) {
        if (this.scrolling < 0) this.scrolling = setInterval(() => this.scroll(), 50)
      } else if (this.scrolling > -1) clearInterval(this.scrolling), (this.scrolling = -1)
    }
    scroll() {
      let { x: e, y: t } = this.scrollSpeed
      if (e && this.scrollParents.x) (this.scrollParents.x.scrollLeft += e), (e = 0)
      if (t && this.scrollParents.y) (this.scrollParents.y.scrollTop += t), (t = 0)
      if (e || t) this.view.win.scrollBy(e, t)
      if (this.dragging === !1) this.select(this.lastEvent)
    }
    select(e) {
      const { view: t } = this,
        i = gc(this.atoms, this.style.get(e, this.extend, this.multiple))
      if (this.mustSelect || !i.eq(t.state.selection, this.dragging === !1))
        this.view.dispatch({ selection: i, userEvent: 'select.pointer' })
      this.mustSelect = !1
    }
    update(e) {
      if (e.transactions.some((t) => t.isUserEvent('input.type'))) this.destroy()
      else if (this.style.update(e)) setTimeout(() => this.select(this.lastEvent), 20)
    }
  }
  function KO(e, t) {
    const i = e.state.facet(Vh)
    return i.length ? i[0](t) : C.mac ? t.metaKey : t.ctrlKey
  }
  function JO(e, t) {
    const i = e.state.facet(Nh)
    return i.length ? i[0](t) : C.mac ? !t.altKey : !t.ctrlKey
  }
  function em(e, t) {
    const { main: i } = e.state.selection
    if (i.empty) return !1
    const n = ln(e.root)
    if (!n || n.rangeCount == 0) return !0
    const s = n.getRangeAt(0).getClientRects()
    for (let r = 0; r < s.length; r++) {
      const o = s[r]
      if (o.left <= t.clientX && o.right >= t.clientX && o.top <= t.clientY && o.bottom >= t.clientY) return !0
    }
    return !1
  }
  function tm(e, t) {
    if (!t.bubbles) return !0
    if (t.defaultPrevented) return !1
    for (let i = t.target, n; i != e.contentDOM; i = i.parentNode)
      if (!i || i.nodeType == 11 || ((n = te.get(i)) && n.isWidget() && !n.isHidden && n.widget.ignoreEvent(t)))
        return !1
    return !0
  }
  var tt = Object.create(null),
    we = Object.create(null),
    Cc = (C.ie && C.ie_version < 15) || (C.ios && C.webkit_version < 604)
  function im(e) {
    const t = e.dom.parentNode
    if (!t) return
    const i = t.appendChild(document.createElement('textarea'))
    ;(i.style.cssText = 'position: fixed; left: -10000px; top: 10px'),
      i.focus(),
      setTimeout(() => {
        e.focus(), i.remove(), Zc(e, i.value)
      }, 50)
  }
  function $s(e, t, i) {
    for (const n of e.facet(t)) i = n(i, e)
    return i
  }
  function Zc(e, t) {
    t = $s(e.state, Zo, t)
    let { state: i } = e,
      n,
      s = 1,
      r = i.toText(t),
      o = r.lines == i.selection.ranges.length
    if (uo != null && i.selection.ranges.every((a) => a.empty) && uo == r.toString()) {
      let a = -1
      n = i.changeByRange((h) => {
        const c = i.doc.lineAt(h.from)
        if (c.from == a) return { range: h }
        a = c.from
        const f = i.toText((o ? r.line(s++).text : t) + i.lineBreak)
        return { changes: { from: c.from, insert: f }, range: b.cursor(h.from + f.length, -1) }
      })
    } else if (o)
      n = i.changeByRange((a) => {
        const h = r.line(s++)
        return { changes: { from: a.from, to: a.to, insert: h.text }, range: b.cursor(a.from + h.length, -1) }
      })
    else n = i.replaceSelection(r)
    e.dispatch(n, { userEvent: 'input.paste', scrollIntoView: !0 })
  }
  we.scroll = (e) => {
    const t = e.inputState
    if (
      ((t.lastScrollTop = e.scrollDOM.scrollTop), (t.lastScrollLeft = e.scrollDOM.scrollLeft), C.ios && !t.touchActive)
    )
      t.lastIOSMomentumScroll = Date.now()
  }
  we.wheel = we.mousewheel = (e) => {
    e.inputState.lastWheelEvent = Date.now()
  }
  tt.keydown = (e, t) => {
    if ((e.inputState.setSelectionOrigin('select'), t.keyCode == 27 && e.inputState.tabFocusMode != 0))
      e.inputState.tabFocusMode = Date.now() + 2000
    return !1
  }
  we.touchstart = (e, t) => {
    const i = e.inputState,
      n = t.targetTouches[0]
    if (((i.touchActive = !0), (i.lastTouchTime = Date.now()), n))
      (i.lastTouchX = n.clientX), (i.lastTouchY = n.clientY)
    i.setSelectionOrigin('select.pointer')
  }
  we.touchmove = (e) => {
    e.inputState.setSelectionOrigin('select.pointer')
  }
  we.touchend = (e, t) => {
    e.inputState.touchActive = !1
  }
  tt.mousedown = (e, t) => {
    if ((e.observer.flush(), e.inputState.lastTouchTime > Date.now() - 2000)) return !1
    let i = null
    for (const n of e.state.facet(Gh)) if (((i = n(e, t)), i)) break
    if (!i && t.button == 0) i = sm(e, t)
    if (i) {
      const n = !e.hasFocus
      if ((e.inputState.startMouseSelection(new Pc(e, t, i, n)), n))
        e.observer.ignore(() => {
          jh(e.contentDOM)
          const r = e.root.activeElement
          if (r && !r.contains(e.contentDOM)) r.blur()
        })
      const s = e.inputState.mouseSelection
      if (s) return (s.start(t), s.dragging === !1)
    } else e.inputState.setSelectionOrigin('select.pointer')
    return !1
  }
  function rh(e, t, i, n) {
    if (n == 1) return b.cursor(t, i)
    else if (n == 2) return jO(e.state, t, i)
    else {
      let s = e.docView.lineAt(t, i),
        r = e.state.doc.lineAt(s ? s.posAtEnd : t),
        o = s ? s.posAtStart : r.from,
        l = s ? s.posAtEnd : r.to
      if (l < e.state.doc.length && l == r.to) l++
      return b.undirectionalRange(o, l)
    }
  }
  var nm = C.ie && C.ie_version <= 11,
    oh = null,
    lh = 0,
    ah = 0
  function Ac(e) {
    if (!nm) return e.detail
    const t = oh,
      i = ah
    return (
      (oh = e),
      (ah = Date.now()),
      (lh =
        !t || (i > Date.now() - 400 && Math.abs(t.clientX - e.clientX) < 2 && Math.abs(t.clientY - e.clientY) < 2)
          ? (lh + 1) % 3
          : 1)
    )
  }
  function sm(e, t) {
    let i = e.posAndSideAtCoords({ x: t.clientX, y: t.clientY }, !1),
      n = Ac(t),
      s = e.state.selection
    return {
      update(r) {
        if (r.docChanged) (i.pos = r.changes.mapPos(i.pos)), (s = s.map(r.changes))
      },
      get(r, o, l) {
        let a = e.posAndSideAtCoords({ x: r.clientX, y: r.clientY }, !1),
          h,
          c = rh(e, a.pos, a.assoc, n)
        if (i.pos != a.pos && !o) {
          const f = rh(e, i.pos, i.assoc, n),
            u = Math.min(f.from, c.from),
            d = Math.max(f.to, c.to)
          c = u < c.from ? b.range(u, d, c.assoc) : b.range(d, u, c.assoc)
        }
        if (o) return s.replaceRange(s.main.extend(c.from, c.to, c.assoc))
        else if (l && n == 1 && s.ranges.length > 1 && (h = rm(s, a.pos))) return h
        else if (l) return s.addRange(c)
        else return b.create([c])
      },
    }
  }
  function rm(e, t) {
    for (let i = 0; i < e.ranges.length; i++) {
      const { from: n, to: s } = e.ranges[i]
      if (n <= t && s >= t)
        return b.create(
          e.ranges.slice(0, i).concat(e.ranges.slice(i + 1)),
          e.mainIndex == i ? 0 : e.mainIndex - (e.mainIndex > i ? 1 : 0),
        )
    }
    return null
  }
  tt.dragstart = (e, t) => {
    let {
      selection: { main: i },
    } = e.state
    if (t.target.draggable) {
      const s = e.docView.tile.nearest(t.target)
      if (s && s.isWidget()) {
        const r = s.posAtStart,
          o = r + s.length
        if (r >= i.to || o <= i.from) i = b.undirectionalRange(r, o)
      }
    }
    const { inputState: n } = e
    if (n.mouseSelection) n.mouseSelection.dragging = !0
    if (((n.draggedContent = i), t.dataTransfer))
      t.dataTransfer.setData('Text', $s(e.state, Ao, e.state.sliceDoc(i.from, i.to))),
        (t.dataTransfer.effectAllowed = 'copyMove')
    return !1
  }
  tt.dragend = (e) => ((e.inputState.draggedContent = null), !1)
  function hh(e, t, i, n) {
    if (((i = $s(e.state, Zo, i)), !i)) return
    const s = e.posAtCoords({ x: t.clientX, y: t.clientY }, !1),
      { draggedContent: r } = e.inputState,
      o = n && r && JO(e, t) ? { from: r.from, to: r.to } : null,
      l = { from: s, insert: i },
      a = e.state.changes(o ? [o, l] : l)
    e.focus(),
      e.dispatch({
        changes: a,
        selection: { anchor: a.mapPos(s, -1), head: a.mapPos(s, 1) },
        userEvent: o ? 'move.drop' : 'input.drop',
      }),
      (e.inputState.draggedContent = null)
  }
  tt.drop = (e, t) => {
    if (!t.dataTransfer) return !1
    if (e.state.readOnly) return !0
    const i = t.dataTransfer.files
    if (i && i.length) {
      let n = Array(i.length),
        s = 0,
        r = () => {
          if (++s == i.length) hh(e, t, n.filter((o) => o != null).join(e.state.lineBreak), !1)
        }
      for (let o = 0; o < i.length; o++) {
        const l = new FileReader()
        ;(l.onerror = r),
          (l.onload = () => {
            if (!/[\x00-\x08\x0e-\x1f]{2}/.test(l.result)) n[o] = l.result
            r()
          }),
          l.readAsText(i[o])
      }
      return !0
    } else {
      const n = t.dataTransfer.getData('Text')
      if (n) return (hh(e, t, n, !0), !0)
    }
    return !1
  }
  tt.paste = (e, t) => {
    if (e.state.readOnly) return !0
    e.observer.flush()
    const i = Cc ? null : t.clipboardData
    if (i) return (Zc(e, i.getData('text/plain') || i.getData('text/uri-list')), !0)
    else return (im(e), !1)
  }
  function om(e, t) {
    const i = e.dom.parentNode
    if (!i) return
    const n = i.appendChild(document.createElement('textarea'))
    ;(n.style.cssText = 'position: fixed; left: -10000px; top: 10px'),
      (n.value = t),
      n.focus(),
      (n.selectionEnd = t.length),
      (n.selectionStart = 0),
      setTimeout(() => {
        n.remove(), e.focus()
      }, 50)
  }
  function lm(e) {
    let t = [],
      i = [],
      n = !1
    for (const s of e.selection.ranges) if (!s.empty) t.push(e.sliceDoc(s.from, s.to)), i.push(s)
    if (!t.length) {
      let s = -1
      for (const { from: r } of e.selection.ranges) {
        const o = e.doc.lineAt(r)
        if (o.number > s) t.push(o.text), i.push({ from: o.from, to: Math.min(e.doc.length, o.to + 1) })
        s = o.number
      }
      n = !0
    }
    return { text: $s(e, Ao, t.join(e.lineBreak)), ranges: i, linewise: n }
  }
  var uo = null
  tt.copy = tt.cut = (e, t) => {
    if (!tn(e.contentDOM, e.observer.selectionRange)) return !1
    const { text: i, ranges: n, linewise: s } = lm(e.state)
    if (!i && !s) return !1
    if (((uo = s ? i : null), t.type == 'cut' && !e.state.readOnly))
      e.dispatch({ changes: n, scrollIntoView: !0, userEvent: 'delete.cut' })
    const r = Cc ? null : t.clipboardData
    if (r) return (r.clearData(), r.setData('text/plain', i), !0)
    else return (om(e, i), !1)
  }
  var Xc = Te.define()
  function Mc(e, t) {
    const i = []
    for (const n of e.facet(Kh)) {
      const s = n(e, t)
      if (s) i.push(s)
    }
    return i.length ? e.update({ effects: i, annotations: Xc.of(!0) }) : null
  }
  function Rc(e) {
    setTimeout(() => {
      const t = e.hasFocus
      if (t != e.inputState.notifiedFocused) {
        const i = Mc(e.state, t)
        if (i) e.dispatch(i)
        else e.update([])
      }
    }, 10)
  }
  we.focus = (e) => {
    if (
      ((e.inputState.lastFocusTime = Date.now()),
      !e.scrollDOM.scrollTop && (e.inputState.lastScrollTop || e.inputState.lastScrollLeft))
    )
      (e.scrollDOM.scrollTop = e.inputState.lastScrollTop), (e.scrollDOM.scrollLeft = e.inputState.lastScrollLeft)
    Rc(e)
  }
  we.blur = (e) => {
    e.observer.clearSelectionRange(), Rc(e)
  }
  we.compositionstart = we.compositionupdate = (e, t) => {
    if (e.observer.editContext) return
    if (e.inputState.compositionFirstChange == null) e.inputState.compositionFirstChange = !0
    if (e.inputState.composing < 0) {
      const { main: i } = e.state.selection
      if (!i.empty && e.lineBlockAt(i.from).from != e.lineBlockAt(i.to).from && !e.state.readOnly)
        e.dispatch({
          changes: e.state.selection.ranges.filter((n) => !n.empty).map((n) => ({ from: n.from, to: n.to })),
          userEvent: 'input',
        })
      e.inputState.composing = 0
    }
  }
  we.compositionend = (e) => {
    if (e.observer.editContext) return
    if (
      ((e.inputState.composing = -1),
      (e.inputState.compositionEndedAt = Date.now()),
      (e.inputState.compositionPendingKey = !0),
      (e.inputState.compositionPendingChange = e.observer.pendingRecords().length > 0),
      (e.inputState.compositionFirstChange = null),
      C.chrome && C.android)
    )
      e.observer.flushSoon()
    else if (e.inputState.compositionPendingChange) Promise.resolve().then(() => e.observer.flush())
    else
      setTimeout(() => {
        if (e.inputState.composing < 0 && e.docView.hasComposition) e.update([])
      }, 50)
  }
  we.contextmenu = (e) => {
    e.inputState.lastContextMenu = Date.now()
  }
  tt.beforeinput = (e, t) => {
    var i, n
    if (t.inputType == 'insertText' || t.inputType == 'insertCompositionText')
      (e.inputState.insertingText = t.data), (e.inputState.insertingTextAt = Date.now())
    if (t.inputType == 'insertReplacementText' && e.observer.editContext) {
      const r = (i = t.dataTransfer) === null || i === void 0 ? void 0 : i.getData('text/plain'),
        o = t.getTargetRanges()
      if (r && o.length) {
        const l = o[0],
          a = e.posAtDOM(l.startContainer, l.startOffset),
          h = e.posAtDOM(l.endContainer, l.endOffset)
        return (To(e, { from: a, to: h, insert: e.state.toText(r) }, null), !0)
      }
    }
    let s
    if (C.chrome && C.android && (s = vc.find((r) => r.inputType == t.inputType))) {
      if ((e.observer.delayAndroidKey(s.key, s.keyCode), s.key == 'Backspace' || s.key == 'Delete')) {
        const r = ((n = window.visualViewport) === null || n === void 0 ? void 0 : n.height) || 0
        setTimeout(() => {
          var o
          if ((((o = window.visualViewport) === null || o === void 0 ? void 0 : o.height) || 0) > r + 10 && e.hasFocus)
            e.contentDOM.blur(), e.focus()
        }, 100)
      }
    }
    if (C.ios && t.inputType == 'deleteContentForward') e.observer.flushSoon()
    if (C.safari && t.inputType == 'insertText' && e.inputState.composing >= 0)
      setTimeout(() => we.compositionend(e, t), 20)
    return !1
  }
  var ch = new Set()
  function am(e) {
    if (!ch.has(e)) ch.add(e), e.addEventListener('copy', () => {}), e.addEventListener('cut', () => {})
  }
  var fh = ['pre-wrap', 'normal', 'pre-line', 'break-spaces'],
    mi = !1
  function uh() {
    mi = !1
  }
  class Tc {
    constructor(e) {
      ;(this.lineWrapping = e),
        (this.doc = j.empty),
        (this.heightSamples = {}),
        (this.lineHeight = 14),
        (this.charWidth = 7),
        (this.textHeight = 14),
        (this.lineLength = 30)
    }
    heightForGap(e, t) {
      let i = this.doc.lineAt(t).number - this.doc.lineAt(e).number + 1
      if (this.lineWrapping) i += Math.max(0, Math.ceil((t - e - i * this.lineLength * 0.5) / this.lineLength))
      return this.lineHeight * i
    }
    heightForLine(e) {
      if (!this.lineWrapping) return this.lineHeight
      return (1 + Math.max(0, Math.ceil((e - this.lineLength) / Math.max(1, this.lineLength - 5)))) * this.lineHeight
    }
    setDoc(e) {
      return ((this.doc = e), this)
    }
    mustRefreshForWrapping(e) {
      return fh.indexOf(e) > -1 != this.lineWrapping
    }
    mustRefreshForHeights(e) {
      let t = !1
      for (let i = 0; i < e.length; i++) {
        const n = e[i]
        if (n < 0) i++
        else if (!this.heightSamples[Math.floor(n * 10)]) (t = !0), (this.heightSamples[Math.floor(n * 10)] = !0)
      }
      return t
    }
    refresh(e, t, i, n, s, r) {
      const o = fh.indexOf(e) > -1,
        l = Math.abs(t - this.lineHeight) > 0.3 || this.lineWrapping != o
      if (
        ((this.lineWrapping = o),
        (this.lineHeight = t),
        (this.charWidth = i),
        (this.textHeight = n),
        (this.lineLength = s),
        l)
      ) {
        this.heightSamples = {}
        for (let a = 0; a < r.length; a++) {
          const h = r[a]
          if (h < 0) a++
          else this.heightSamples[Math.floor(h * 10)] = !0
        }
      }
      return l
    }
  }
  class _c {
    constructor(e, t) {
      ;(this.from = e), (this.heights = t), (this.index = 0)
    }
    get more() {
      return this.index < this.heights.length
    }
  }
  class Ke {
    constructor(e, t, i, n, s) {
      ;(this.from = e), (this.length = t), (this.top = i), (this.height = n), (this._content = s)
    }
    get type() {
      return typeof this._content == 'number'
        ? Oe.Text
        : Array.isArray(this._content)
          ? this._content
          : this._content.type
    }
    get to() {
      return this.from + this.length
    }
    get bottom() {
      return this.top + this.height
    }
    get widget() {
      return this._content instanceof Yt ? this._content.widget : null
    }
    get widgetLineBreaks() {
      return typeof this._content == 'number' ? this._content : 0
    }
    join(e) {
      const t = (Array.isArray(this._content) ? this._content : [this]).concat(
        Array.isArray(e._content) ? e._content : [e],
      )
      return new Ke(this.from, this.length + e.length, this.top, this.height + e.height, t)
    }
  }
  var G = ((e) => (
      (e[(e.ByPos = 0)] = 'ByPos'), (e[(e.ByHeight = 1)] = 'ByHeight'), (e[(e.ByPosNoHeight = 2)] = 'ByPosNoHeight'), e
    ))(G || (G = {})),
    as = 0.001
  class Qe {
    constructor(e, t, i = 2) {
      ;(this.length = e), (this.height = t), (this.flags = i)
    }
    get outdated() {
      return (this.flags & 2) > 0
    }
    set outdated(e) {
      this.flags = (e ? 2 : 0) | (this.flags & -3)
    }
    setHeight(e) {
      if (this.height != e) {
        if (Math.abs(this.height - e) > as) mi = !0
        this.height = e
      }
    }
    replace(e, t, i) {
      return Qe.of(i)
    }
    decomposeLeft(e, t) {
      t.push(this)
    }
    decomposeRight(e, t) {
      t.push(this)
    }
    applyChanges(e, t, i, n) {
      let s = this,
        r = i.doc
      for (let o = n.length - 1; o >= 0; o--) {
        let { fromA: l, toA: a, fromB: h, toB: c } = n[o],
          f = s.lineAt(l, G.ByPosNoHeight, i.setDoc(t), 0, 0),
          u = f.to >= a ? f : s.lineAt(a, G.ByPosNoHeight, i, 0, 0)
        ;(c += u.to - a), (a = u.to)
        while (o > 0 && f.from <= n[o - 1].toA)
          if (((l = n[o - 1].fromA), (h = n[o - 1].fromB), o--, l < f.from)) f = s.lineAt(l, G.ByPosNoHeight, i, 0, 0)
        ;(h += f.from - l), (l = f.from)
        const d = Lo.build(i.setDoc(r), e, h, c)
        s = xs(s, s.replace(l, a, d))
      }
      return s.updateHeight(i, 0)
    }
    static empty() {
      return new _e(0, 0, 0)
    }
    static of(e) {
      if (e.length == 1) return e[0]
      let t = 0,
        i = e.length,
        n = 0,
        s = 0
      for (;;)
        if (t == i)
          if (n > s * 2) {
            const o = e[t - 1]
            if (o.break) e.splice(--t, 1, o.left, null, o.right)
            else e.splice(--t, 1, o.left, o.right)
            ;(i += 1 + o.break), (n -= o.size)
          } else if (s > n * 2) {
            const o = e[i]
            if (o.break) e.splice(i, 1, o.left, null, o.right)
            else e.splice(i, 1, o.left, o.right)
            ;(i += 2 + o.break), (s -= o.size)
          } else break
        else if (n < s) {
          const o = e[t++]
          if (o) n += o.size
        } else {
          const o = e[--i]
          if (o) s += o.size
        }
      let r = !1
      if (e[t - 1] == null) (r = !0), t--
      else if (e[t] == null) (r = !0), i++
      return new Lc(Qe.of(e.slice(0, t)), r, Qe.of(e.slice(i)))
    }
  }
  function xs(e, t) {
    if (e == t) return e
    if (e.constructor != t.constructor) mi = !0
    return t
  }
  Qe.prototype.size = 1
  var hm = X.replace({})
  class _o extends Qe {
    constructor(e, t, i) {
      super(e, t)
      ;(this.deco = i), (this.spaceAbove = 0)
    }
    mainBlock(e, t) {
      return new Ke(t, this.length, e + this.spaceAbove, this.height - this.spaceAbove, this.deco || 0)
    }
    blockAt(e, t, i, n) {
      return this.spaceAbove && e < i + this.spaceAbove ? new Ke(n, 0, i, this.spaceAbove, hm) : this.mainBlock(i, n)
    }
    lineAt(e, t, i, n, s) {
      const r = this.mainBlock(n, s)
      return this.spaceAbove ? this.blockAt(0, i, n, s).join(r) : r
    }
    forEachLine(e, t, i, n, s, r) {
      if (e <= s + this.length && t >= s) r(this.lineAt(0, G.ByPos, i, n, s))
    }
    setMeasuredHeight(e) {
      let t = e.heights[e.index++]
      if (t < 0) (this.spaceAbove = -t), (t = e.heights[e.index++])
      else this.spaceAbove = 0
      this.setHeight(t)
    }
    updateHeight(e, t = 0, i = !1, n) {
      if (n && n.from <= t && n.more) this.setMeasuredHeight(n)
      return ((this.outdated = !1), this)
    }
    toString() {
      return `block(${this.length})`
    }
  }
  class _e extends _o {
    constructor(e, t, i) {
      super(e, t, null)
      ;(this.collapsed = 0), (this.widgetHeight = 0), (this.breaks = 0), (this.spaceAbove = i)
    }
    mainBlock(e, t) {
      return new Ke(t, this.length, e + this.spaceAbove, this.height - this.spaceAbove, this.breaks)
    }
    replace(e, t, i) {
      let n = i[0]
      if (
        i.length == 1 &&
        (n instanceof _e || (n instanceof de && n.flags & 4)) &&
        Math.abs(this.length - n.length) < 10
      ) {
        if (n instanceof de) n = new _e(n.length, this.height, this.spaceAbove)
        else n.height = this.height
        if (!this.outdated) n.outdated = !1
        return n
      } else return Qe.of(i)
    }
    updateHeight(e, t = 0, i = !1, n) {
      if (n && n.from <= t && n.more) this.setMeasuredHeight(n)
      else if (i || this.outdated)
        (this.spaceAbove = 0),
          this.setHeight(
            Math.max(this.widgetHeight, e.heightForLine(this.length - this.collapsed)) + this.breaks * e.lineHeight,
          )
      return ((this.outdated = !1), this)
    }
    toString() {
      return `line(${this.length}${this.collapsed ? -this.collapsed : ''}${this.widgetHeight ? ':' + this.widgetHeight : ''})`
    }
  }
  class de extends Qe {
    constructor(e) {
      super(e, 0)
    }
    heightMetrics(e, t) {
      let i = e.doc.lineAt(t).number,
        n = e.doc.lineAt(t + this.length).number,
        s = n - i + 1,
        r,
        o = 0
      if (e.lineWrapping) {
        const l = Math.min(this.height, e.lineHeight * s)
        if (((r = l / s), this.length > s + 1)) o = (this.height - l) / (this.length - s - 1)
      } else r = this.height / s
      return { firstLine: i, lastLine: n, perLine: r, perChar: o }
    }
    blockAt(e, t, i, n) {
      const { firstLine: s, lastLine: r, perLine: o, perChar: l } = this.heightMetrics(t, n)
      if (t.lineWrapping) {
        const a =
            n + (e < t.lineHeight ? 0 : Math.round(Math.max(0, Math.min(1, (e - i) / this.height)) * this.length)),
          h = t.doc.lineAt(a),
          c = o + h.length * l,
          f = Math.max(i, e - c / 2)
        return new Ke(h.from, h.length, f, c, 0)
      } else {
        const a = Math.max(0, Math.min(r - s, Math.floor((e - i) / o))),
          { from: h, length: c } = t.doc.line(s + a)
        return new Ke(h, c, i + o * a, o, 0)
      }
    }
    lineAt(e, t, i, n, s) {
      if (t == G.ByHeight) return this.blockAt(e, i, n, s)
      if (t == G.ByPosNoHeight) {
        const { from: u, to: d } = i.doc.lineAt(e)
        return new Ke(u, d - u, 0, 0, 0)
      }
      const { firstLine: r, perLine: o, perChar: l } = this.heightMetrics(i, s),
        a = i.doc.lineAt(e),
        h = o + a.length * l,
        c = a.number - r,
        f = n + o * c + l * (a.from - s - c)
      return new Ke(a.from, a.length, Math.max(n, Math.min(f, n + this.height - h)), h, 0)
    }
    forEachLine(e, t, i, n, s, r) {
      ;(e = Math.max(e, s)), (t = Math.min(t, s + this.length))
      const { firstLine: o, perLine: l, perChar: a } = this.heightMetrics(i, s)
      for (let h = e, c = n; h <= t; ) {
        const f = i.doc.lineAt(h)
        if (h == e) {
          const d = f.number - o
          c += l * d + a * (e - s - d)
        }
        const u = l + a * f.length
        r(new Ke(f.from, f.length, c, u, 0)), (c += u), (h = f.to + 1)
      }
    }
    replace(e, t, i) {
      const n = this.length - t
      if (n > 0) {
        const s = i[i.length - 1]
        if (s instanceof de) i[i.length - 1] = new de(s.length + n)
        else i.push(null, new de(n - 1))
      }
      if (e > 0) {
        const s = i[0]
        if (s instanceof de) i[0] = new de(e + s.length)
        else i.unshift(new de(e - 1), null)
      }
      return Qe.of(i)
    }
    decomposeLeft(e, t) {
      t.push(new de(e - 1), null)
    }
    decomposeRight(e, t) {
      t.push(null, new de(this.length - e - 1))
    }
    updateHeight(e, t = 0, i = !1, n) {
      const s = t + this.length
      if (n && n.from <= t + this.length && n.more) {
        let r = [],
          o = Math.max(t, n.from),
          l = -1
        if (n.from > t) r.push(new de(n.from - t - 1).updateHeight(e, t))
        while (o <= s && n.more) {
          const h = e.doc.lineAt(o).length
          if (r.length) r.push(null)
          let c = n.heights[n.index++],
            f = 0
          if (c < 0) (f = -c), (c = n.heights[n.index++])
          if (l == -1) l = c
          else if (Math.abs(c - l) >= as) l = -2
          const u = new _e(h, c, f)
          ;(u.outdated = !1), r.push(u), (o += h + 1)
        }
        if (o <= s) r.push(null, new de(s - o).updateHeight(e, o))
        const a = Qe.of(r)
        if (l < 0 || Math.abs(a.height - this.height) >= as || Math.abs(l - this.heightMetrics(e, t).perLine) >= as)
          mi = !0
        return xs(this, a)
      } else if (i || this.outdated) this.setHeight(e.heightForGap(t, t + this.length)), (this.outdated = !1)
      return this
    }
    toString() {
      return `gap(${this.length})`
    }
  }
  class Lc extends Qe {
    constructor(e, t, i) {
      super(e.length + (t ? 1 : 0) + i.length, e.height + i.height, (t ? 1 : 0) | (e.outdated || i.outdated ? 2 : 0))
      ;(this.left = e), (this.right = i), (this.size = e.size + i.size)
    }
    get break() {
      return this.flags & 1
    }
    blockAt(e, t, i, n) {
      const s = i + this.left.height
      return e < s ? this.left.blockAt(e, t, i, n) : this.right.blockAt(e, t, s, n + this.left.length + this.break)
    }
    lineAt(e, t, i, n, s) {
      const r = n + this.left.height,
        o = s + this.left.length + this.break,
        l = t == G.ByHeight ? e < r : e < o,
        a = l ? this.left.lineAt(e, t, i, n, s) : this.right.lineAt(e, t, i, r, o)
      if (this.break || (l ? a.to < o : a.from > o)) return a
      const h = t == G.ByPosNoHeight ? G.ByPosNoHeight : G.ByPos
      if (l) return a.join(this.right.lineAt(o, h, i, r, o))
      else return this.left.lineAt(o, h, i, n, s).join(a)
    }
    forEachLine(e, t, i, n, s, r) {
      const o = n + this.left.height,
        l = s + this.left.length + this.break
      if (this.break) {
        if (e < l) this.left.forEachLine(e, t, i, n, s, r)
        if (t >= l) this.right.forEachLine(e, t, i, o, l, r)
      } else {
        const a = this.lineAt(l, G.ByPos, i, n, s)
        if (e < a.from) this.left.forEachLine(e, Math.min(t, a.from - 1), i, n, s, r)
        if (a.to >= e && a.from <= t) r(a)
        if (t > a.to) this.right.forEachLine(Math.max(e, a.to + 1), t, i, o, l, r)
      }
    }
    replace(e, t, i) {
      const n = this.left.length + this.break
      if (t < n) return this.balanced(this.left.replace(e, t, i), this.right)
      if (e > this.left.length) return this.balanced(this.left, this.right.replace(e - n, t - n, i))
      const s = []
      if (e > 0) this.decomposeLeft(e, s)
      const r = s.length
      for (const o of i) s.push(o)
      if (e > 0) dh(s, r - 1)
      if (t < this.length) {
        const o = s.length
        this.decomposeRight(t, s), dh(s, o)
      }
      return Qe.of(s)
    }
    decomposeLeft(e, t) {
      let i = this.left.length
      if (e <= i) return this.left.decomposeLeft(e, t)
      if ((t.push(this.left), this.break)) {
        if ((i++, e >= i)) t.push(null)
      }
      if (e > i) this.right.decomposeLeft(e - i, t)
    }
    decomposeRight(e, t) {
      const i = this.left.length,
        n = i + this.break
      if (e >= n) return this.right.decomposeRight(e - n, t)
      if (e < i) this.left.decomposeRight(e, t)
      if (this.break && e < n) t.push(null)
      t.push(this.right)
    }
    balanced(e, t) {
      if (e.size > 2 * t.size || t.size > 2 * e.size) return Qe.of(this.break ? [e, null, t] : [e, t])
      return (
        (this.left = xs(this.left, e)),
        (this.right = xs(this.right, t)),
        this.setHeight(e.height + t.height),
        (this.outdated = e.outdated || t.outdated),
        (this.size = e.size + t.size),
        (this.length = e.length + this.break + t.length),
        this
      )
    }
    updateHeight(e, t = 0, i = !1, n) {
      let { left: s, right: r } = this,
        o = t + s.length + this.break,
        l = null
      if (n && n.from <= t + s.length && n.more) l = s = s.updateHeight(e, t, i, n)
      else s.updateHeight(e, t, i)
      if (n && n.from <= o + r.length && n.more) l = r = r.updateHeight(e, o, i, n)
      else r.updateHeight(e, o, i)
      if (l) return this.balanced(s, r)
      return ((this.height = this.left.height + this.right.height), (this.outdated = !1), this)
    }
    toString() {
      return this.left + (this.break ? ' ' : '-') + this.right
    }
  }
  function dh(e, t) {
    let i, n
    if (e[t] == null && (i = e[t - 1]) instanceof de && (n = e[t + 1]) instanceof de)
      e.splice(t - 1, 3, new de(i.length + 1 + n.length))
  }
  var cm = 5
  class Lo {
    constructor(e, t) {
      ;(this.pos = e),
        (this.oracle = t),
        (this.nodes = []),
        (this.lineStart = -1),
        (this.lineEnd = -1),
        (this.covering = null),
        (this.writtenTo = e)
    }
    get isCovered() {
      return this.covering && this.nodes[this.nodes.length - 1] == this.covering
    }
    span(e, t) {
      if (this.lineStart > -1) {
        const i = Math.min(t, this.lineEnd),
          n = this.nodes[this.nodes.length - 1]
        if (n instanceof _e) n.length += i - this.pos
        else if (i > this.pos || !this.isCovered) this.nodes.push(new _e(i - this.pos, -1, 0))
        if (((this.writtenTo = i), t > i)) this.nodes.push(null), this.writtenTo++, (this.lineStart = -1)
      }
      this.pos = t
    }
    point(e, t, i) {
      if (e < t || i.heightRelevant) {
        let n = i.widget ? i.widget.estimatedHeight : 0,
          s = i.widget ? i.widget.lineBreaks : 0
        if (n < 0) n = this.oracle.lineHeight
        const r = t - e
        if (i.block) this.addBlock(new _o(r, n, i))
        else if (r || s || n >= cm) this.addLineDeco(n, s, r)
      } else if (t > e) this.span(e, t)
      if (this.lineEnd > -1 && this.lineEnd < this.pos) this.lineEnd = this.oracle.doc.lineAt(this.pos).to
    }
    enterLine() {
      if (this.lineStart > -1) return
      const { from: e, to: t } = this.oracle.doc.lineAt(this.pos)
      if (((this.lineStart = e), (this.lineEnd = t), this.writtenTo < e)) {
        if (this.writtenTo < e - 1 || this.nodes[this.nodes.length - 1] == null)
          this.nodes.push(this.blankContent(this.writtenTo, e - 1))
        this.nodes.push(null)
      }
      if (this.pos > e) this.nodes.push(new _e(this.pos - e, -1, 0))
      this.writtenTo = this.pos
    }
    blankContent(e, t) {
      const i = new de(t - e)
      if (this.oracle.doc.lineAt(e).to == t) i.flags |= 4
      return i
    }
    ensureLine() {
      this.enterLine()
      const e = this.nodes.length ? this.nodes[this.nodes.length - 1] : null
      if (e instanceof _e) return e
      const t = new _e(0, -1, 0)
      return (this.nodes.push(t), t)
    }
    addBlock(e) {
      this.enterLine()
      const t = e.deco
      if (t && t.startSide > 0 && !this.isCovered) this.ensureLine()
      if ((this.nodes.push(e), (this.writtenTo = this.pos = this.pos + e.length), t && t.endSide > 0)) this.covering = e
    }
    addLineDeco(e, t, i) {
      const n = this.ensureLine()
      ;(n.length += i),
        (n.collapsed += i),
        (n.widgetHeight = Math.max(n.widgetHeight, e)),
        (n.breaks += t),
        (this.writtenTo = this.pos = this.pos + i)
    }
    finish(e) {
      const t = this.nodes.length == 0 ? null : this.nodes[this.nodes.length - 1]
      if (this.lineStart > -1 && !(t instanceof _e) && !this.isCovered) this.nodes.push(new _e(0, -1, 0))
      else if (this.writtenTo < this.pos || t == null) this.nodes.push(this.blankContent(this.writtenTo, this.pos))
      let i = e
      for (const n of this.nodes) {
        if (n instanceof _e) n.updateHeight(this.oracle, i)
        i += n ? n.length : 1
      }
      return this.nodes
    }
    static build(e, t, i, n) {
      const s = new Lo(i, e)
      return (_.spans(t, i, n, s, 0), s.finish(i))
    }
  }
  function fm(e, t, i) {
    const n = new Dc()
    return (_.compare(e, t, i, n, 0), n.changes)
  }
  class Dc {
    constructor() {
      this.changes = []
    }
    compareRange() {}
    comparePoint(e, t, i, n) {
      if (e < t || (i && i.heightRelevant) || (n && n.heightRelevant)) ci(e, t, this.changes, 5)
    }
  }
  function um(e, t) {
    let i = e.getBoundingClientRect(),
      n = e.ownerDocument,
      s = n.defaultView || window,
      r = Math.max(0, i.left),
      o = Math.min(s.innerWidth, i.right),
      l = Math.max(0, i.top),
      a = Math.min(s.innerHeight, i.bottom)
    for (let h = e.parentNode; h && h != n.body; )
      if (ae(h)) {
        const c = window.getComputedStyle(h)
        if ((h.scrollHeight > h.clientHeight || h.scrollWidth > h.clientWidth) && c.overflow != 'visible') {
          const f = h.getBoundingClientRect()
          ;(r = Math.max(r, f.left)),
            (o = Math.min(o, f.right)),
            (l = Math.max(l, f.top)),
            (a = Math.min(h == e.parentNode ? s.innerHeight : a, f.bottom))
        }
        h = c.position == 'absolute' || c.position == 'fixed' ? h.offsetParent : h.parentNode
      } else if (h.nodeType == 11) h = h.host
      else break
    return {
      left: r - i.left,
      right: Math.max(r, o) - i.left,
      top: l - (i.top + t),
      bottom: Math.max(l, a) - (i.top + t),
    }
  }
  function dm(e) {
    const t = e.getBoundingClientRect(),
      i = e.ownerDocument.defaultView || window
    return t.left < i.innerWidth && t.right > 0 && t.top < i.innerHeight && t.bottom > 0
  }
  function pm(e, t) {
    const i = e.getBoundingClientRect()
    return { left: 0, right: i.right - i.left, top: t, bottom: i.bottom - (i.top + t) }
  }
  class hs {
    constructor(e, t, i, n) {
      ;(this.from = e), (this.to = t), (this.size = i), (this.displaySize = n)
    }
    static same(e, t) {
      if (e.length != t.length) return !1
      for (let i = 0; i < e.length; i++) {
        const n = e[i],
          s = t[i]
        if (n.from != s.from || n.to != s.to || n.size != s.size) return !1
      }
      return !0
    }
    draw(e, t) {
      return X.replace({ widget: new jc(this.displaySize * (t ? e.scaleY : e.scaleX), t) }).range(this.from, this.to)
    }
  }
  class jc extends Ce {
    constructor(e, t) {
      super()
      ;(this.size = e), (this.vertical = t)
    }
    eq(e) {
      return e.size == this.size && e.vertical == this.vertical
    }
    toDOM() {
      const e = document.createElement('div')
      if (this.vertical) e.style.height = this.size + 'px'
      else (e.style.width = this.size + 'px'), (e.style.height = '2px'), (e.style.display = 'inline-block')
      return e
    }
    get estimatedHeight() {
      return this.vertical ? this.size : -1
    }
  }
  class po {
    constructor(e, t) {
      ;(this.view = e),
        (this.state = t),
        (this.pixelViewport = { left: 0, right: window.innerWidth, top: 0, bottom: 0 }),
        (this.inView = !0),
        (this.paddingTop = 0),
        (this.paddingBottom = 0),
        (this.contentDOMWidth = 0),
        (this.contentDOMHeight = 0),
        (this.editorHeight = 0),
        (this.editorWidth = 0),
        (this.scaleX = 1),
        (this.scaleY = 1),
        (this.scrollOffset = 0),
        (this.scrolledToBottom = !1),
        (this.scrollAnchorPos = 0),
        (this.scrollAnchorHeight = -1),
        (this.scaler = Oo),
        (this.scrollTarget = null),
        (this.printing = !1),
        (this.mustMeasureContent = !0),
        (this.defaultTextDirection = B.LTR),
        (this.visibleRanges = []),
        (this.mustEnforceCursorAssoc = !1)
      const i = t.facet(Xo).some((n) => typeof n != 'function' && n.class == 'cm-lineWrapping')
      ;(this.heightOracle = new Tc(i)),
        (this.stateDeco = ph(t)),
        (this.heightMap = Qe.empty().applyChanges(this.stateDeco, j.empty, this.heightOracle.setDoc(t.doc), [
          new ze(0, 0, 0, t.doc.length),
        ]))
      for (let n = 0; n < 2; n++) if (((this.viewport = this.getViewport(0, null)), !this.updateForViewport())) break
      this.updateViewportLines(),
        (this.lineGaps = this.ensureLineGaps([])),
        (this.lineGapDeco = X.set(this.lineGaps.map((n) => n.draw(this, !1)))),
        (this.scrollParent = e.scrollDOM),
        this.computeVisibleRanges()
    }
    updateForViewport() {
      const e = [this.viewport],
        { main: t } = this.state.selection
      for (let i = 0; i <= 1; i++) {
        const n = i ? t.head : t.anchor
        if (!e.some(({ from: s, to: r }) => n >= s && n <= r)) {
          const { from: s, to: r } = this.lineBlockAt(n)
          e.push(new Hi(s, r))
        }
      }
      return ((this.viewports = e.sort((i, n) => i.from - n.from)), this.updateScaler())
    }
    updateScaler() {
      const e = this.scaler
      return (
        (this.scaler =
          this.heightMap.height <= 7000000 ? Oo : Ss.get(this.heightOracle, this.heightMap, this.viewports)),
        e.eq(this.scaler) ? 0 : 2
      )
    }
    updateViewportLines() {
      ;(this.viewportLines = []),
        this.heightMap.forEachLine(
          this.viewport.from,
          this.viewport.to,
          this.heightOracle.setDoc(this.state.doc),
          0,
          0,
          (e) => {
            this.viewportLines.push(Ki(e, this.scaler))
          },
        )
    }
    update(e, t = null) {
      this.state = e.state
      const i = this.stateDeco
      this.stateDeco = ph(this.state)
      const n = e.changedRanges,
        s = ze.extendWithRanges(n, fm(i, this.stateDeco, e ? e.changes : re.empty(this.state.doc.length))),
        r = this.heightMap.height,
        o = this.scrolledToBottom ? null : this.scrollAnchorAt(this.scrollOffset)
      if (
        (uh(),
        (this.heightMap = this.heightMap.applyChanges(
          this.stateDeco,
          e.startState.doc,
          this.heightOracle.setDoc(this.state.doc),
          s,
        )),
        this.heightMap.height != r || mi)
      )
        e.flags |= 2
      if (o) (this.scrollAnchorPos = e.changes.mapPos(o.from, -1)), (this.scrollAnchorHeight = o.top)
      else (this.scrollAnchorPos = -1), (this.scrollAnchorHeight = r)
      let l = s.length ? this.mapViewport(this.viewport, e.changes) : this.viewport
      if ((t && (t.range.head < l.from || t.range.head > l.to)) || !this.viewportIsAppropriate(l))
        l = this.getViewport(0, t)
      const a = l.from != this.viewport.from || l.to != this.viewport.to
      if (((this.viewport = l), (e.flags |= this.updateForViewport()), a || !e.changes.empty || e.flags & 2))
        this.updateViewportLines()
      if (this.lineGaps.length || this.viewport.to - this.viewport.from > 4000)
        this.updateLineGaps(this.ensureLineGaps(this.mapLineGaps(this.lineGaps, e.changes)))
      if (((e.flags |= this.computeVisibleRanges(e.changes)), t)) this.scrollTarget = t
      if (
        !this.mustEnforceCursorAssoc &&
        (e.selectionSet || e.focusChanged) &&
        e.view.lineWrapping &&
        e.state.selection.main.empty &&
        e.state.selection.main.assoc &&
        !e.state.facet(ec)
      )
        this.mustEnforceCursorAssoc = !0
    }
    measure() {
      const { view: e } = this,
        t = e.contentDOM,
        i = window.getComputedStyle(t),
        n = this.heightOracle,
        s = i.whiteSpace
      this.defaultTextDirection = i.direction == 'rtl' ? B.RTL : B.LTR
      let r = this.heightOracle.mustRefreshForWrapping(s) || this.mustMeasureContent === 'refresh',
        o = t.getBoundingClientRect(),
        l = r || this.mustMeasureContent || this.contentDOMHeight != o.height
      ;(this.contentDOMHeight = o.height), (this.mustMeasureContent = !1)
      let a = 0,
        h = 0
      if (o.width && o.height) {
        const { scaleX: P, scaleY: S } = Rh(t, o)
        if ((P > 0.005 && Math.abs(this.scaleX - P) > 0.005) || (S > 0.005 && Math.abs(this.scaleY - S) > 0.005))
          (this.scaleX = P), (this.scaleY = S), (a |= 16), (r = l = !0)
      }
      const c = (parseInt(i.paddingTop) || 0) * this.scaleY,
        f = (parseInt(i.paddingBottom) || 0) * this.scaleY
      if (this.paddingTop != c || this.paddingBottom != f) (this.paddingTop = c), (this.paddingBottom = f), (a |= 18)
      if (this.editorWidth != e.scrollDOM.clientWidth) {
        if (n.lineWrapping) l = !0
        ;(this.editorWidth = e.scrollDOM.clientWidth), (a |= 16)
      }
      const u = Th(this.view.contentDOM, !1).y
      if (u != this.scrollParent) (this.scrollParent = u), (this.scrollAnchorHeight = -1), (this.scrollOffset = 0)
      const d = this.getScrollOffset()
      if (this.scrollOffset != d) (this.scrollAnchorHeight = -1), (this.scrollOffset = d)
      this.scrolledToBottom = Eh(this.scrollParent || e.win)
      const p = (this.printing ? pm : um)(t, this.paddingTop),
        O = p.top - this.pixelViewport.top,
        m = p.bottom - this.pixelViewport.bottom
      this.pixelViewport = p
      const y = this.pixelViewport.bottom > this.pixelViewport.top && this.pixelViewport.right > this.pixelViewport.left
      if (y != this.inView) {
        if (((this.inView = y), y)) l = !0
      }
      if (!this.inView && !this.scrollTarget && !dm(e.dom)) return 0
      const x = o.width
      if (this.contentDOMWidth != x || this.editorHeight != e.scrollDOM.clientHeight)
        (this.contentDOMWidth = o.width), (this.editorHeight = e.scrollDOM.clientHeight), (a |= 16)
      if (l) {
        const P = e.docView.measureVisibleLineHeights(this.viewport)
        if (n.mustRefreshForHeights(P)) r = !0
        if (r || (n.lineWrapping && Math.abs(x - this.contentDOMWidth) > n.charWidth)) {
          const { lineHeight: S, charWidth: A, textHeight: Z } = e.docView.measureTextSize()
          if (((r = S > 0 && n.refresh(s, S, A, Z, Math.max(5, x / A), P)), r)) (e.docView.minWidth = 0), (a |= 16)
        }
        if (O > 0 && m > 0) h = Math.max(O, m)
        else if (O < 0 && m < 0) h = Math.min(O, m)
        uh()
        for (const S of this.viewports) {
          const A = S.from == this.viewport.from ? P : e.docView.measureVisibleLineHeights(S)
          this.heightMap = (
            r
              ? Qe.empty().applyChanges(this.stateDeco, j.empty, this.heightOracle, [
                  new ze(0, 0, 0, e.state.doc.length),
                ])
              : this.heightMap
          ).updateHeight(n, 0, r, new _c(S.from, A))
        }
        if (mi) a |= 2
      }
      const Q =
        !this.viewportIsAppropriate(this.viewport, h) ||
        (this.scrollTarget &&
          (this.scrollTarget.range.head < this.viewport.from || this.scrollTarget.range.head > this.viewport.to))
      if (Q) {
        if (a & 2) a |= this.updateScaler()
        ;(this.viewport = this.getViewport(h, this.scrollTarget)), (a |= this.updateForViewport())
      }
      if (a & 2 || Q) this.updateViewportLines()
      if (this.lineGaps.length || this.viewport.to - this.viewport.from > 4000)
        this.updateLineGaps(this.ensureLineGaps(r ? [] : this.lineGaps, e))
      if (((a |= this.computeVisibleRanges()), this.mustEnforceCursorAssoc))
        (this.mustEnforceCursorAssoc = !1), e.docView.enforceCursorAssoc()
      return a
    }
    get visibleTop() {
      return this.scaler.fromDOM(this.pixelViewport.top)
    }
    get visibleBottom() {
      return this.scaler.fromDOM(this.pixelViewport.bottom)
    }
    getViewport(e, t) {
      let i = 0.5 - Math.max(-0.5, Math.min(0.5, e / 1000 / 2)),
        n = this.heightMap,
        s = this.heightOracle,
        { visibleTop: r, visibleBottom: o } = this,
        l = new Hi(
          n.lineAt(r - i * 1000, G.ByHeight, s, 0, 0).from,
          n.lineAt(o + (1 - i) * 1000, G.ByHeight, s, 0, 0).to,
        )
      if (t) {
        const { head: a } = t.range
        if (a < l.from || a > l.to) {
          let h = Math.min(this.editorHeight, this.pixelViewport.bottom - this.pixelViewport.top),
            c = n.lineAt(a, G.ByPos, s, 0, 0),
            f
          if (t.y == 'center') f = (c.top + c.bottom) / 2 - h / 2
          else if (t.y == 'start' || (t.y == 'nearest' && a < l.from)) f = c.top
          else f = c.bottom - h
          l = new Hi(n.lineAt(f - 500, G.ByHeight, s, 0, 0).from, n.lineAt(f + h + 500, G.ByHeight, s, 0, 0).to)
        }
      }
      return l
    }
    mapViewport(e, t) {
      const i = t.mapPos(e.from, -1),
        n = t.mapPos(e.to, 1)
      return new Hi(
        this.heightMap.lineAt(i, G.ByPos, this.heightOracle, 0, 0).from,
        this.heightMap.lineAt(n, G.ByPos, this.heightOracle, 0, 0).to,
      )
    }
    viewportIsAppropriate({ from: e, to: t }, i = 0) {
      if (!this.inView) return !0
      const { top: n } = this.heightMap.lineAt(e, G.ByPos, this.heightOracle, 0, 0),
        { bottom: s } = this.heightMap.lineAt(t, G.ByPos, this.heightOracle, 0, 0),
        { visibleTop: r, visibleBottom: o } = this
      return (
        (e == 0 || n <= r - Math.max(10, Math.min(-i, 250))) &&
        (t == this.state.doc.length || s >= o + Math.max(10, Math.min(i, 250))) &&
        n > r - 2000 &&
        s < o + 2000
      )
    }
    mapLineGaps(e, t) {
      if (!e.length || t.empty) return e
      const i = []
      for (const n of e)
        if (!t.touchesRange(n.from, n.to)) i.push(new hs(t.mapPos(n.from), t.mapPos(n.to), n.size, n.displaySize))
      return i
    }
    ensureLineGaps(e, t) {
      const i = this.heightOracle.lineWrapping,
        n = i ? 1e4 : 2000,
        s = n >> 1,
        r = n << 1
      if (this.defaultTextDirection != B.LTR && !i) return []
      const o = [],
        l = (h, c, f, u) => {
          if (c - h < s) return
          const d = this.state.selection.main,
            p = [d.from]
          if (!d.empty) p.push(d.to)
          for (const m of p)
            if (m > h && m < c) {
              l(h, m - 10, f, u), l(m + 10, c, f, u)
              return
            }
          let O = mm(
            e,
            (m) =>
              m.from >= f.from &&
              m.to <= f.to &&
              Math.abs(m.from - h) < s &&
              Math.abs(m.to - c) < s &&
              !p.some((y) => m.from < y && m.to > y),
          )
          if (!O) {
            if (c < f.to && t && i && t.visibleRanges.some((x) => x.from <= c && x.to >= c)) {
              const x = t.moveToLineBoundary(b.cursor(c), !1, !0).head
              if (x > h) c = x
            }
            const m = this.gapSize(f, h, c, u),
              y = i || m < 2000000 ? m : 2000000
            O = new hs(h, c, m, y)
          }
          o.push(O)
        },
        a = (h) => {
          if (h.length < r || h.type != Oe.Text) return
          const c = Om(h.from, h.to, this.stateDeco)
          if (c.total < r) return
          let f = this.scrollTarget ? this.scrollTarget.range.head : null,
            u,
            d
          if (i) {
            let p = (n / this.heightOracle.lineLength) * this.heightOracle.lineHeight,
              O,
              m
            if (f != null) {
              const y = es(c, f),
                x = ((this.visibleBottom - this.visibleTop) / 2 + p) / h.height
              ;(O = y - x), (m = y + x)
            } else (O = (this.visibleTop - h.top - p) / h.height), (m = (this.visibleBottom - h.top + p) / h.height)
            ;(u = Jn(c, O)), (d = Jn(c, m))
          } else {
            let p = c.total * this.heightOracle.charWidth,
              O = n * this.heightOracle.charWidth,
              m = 0
            if (p > 2000000) {
              for (const S of e)
                if (
                  S.from >= h.from &&
                  S.from < h.to &&
                  S.size != S.displaySize &&
                  S.from * this.heightOracle.charWidth + m < this.pixelViewport.left
                )
                  m = S.size - S.displaySize
            }
            let y = this.pixelViewport.left + m,
              x = this.pixelViewport.right + m,
              Q,
              P
            if (f != null) {
              const S = es(c, f),
                A = ((x - y) / 2 + O) / p
              ;(Q = S - A), (P = S + A)
            } else (Q = (y - O) / p), (P = (x + O) / p)
            ;(u = Jn(c, Q)), (d = Jn(c, P))
          }
          if (u > h.from) l(h.from, u, h, c)
          if (d < h.to) l(d, h.to, h, c)
        }
      for (const h of this.viewportLines)
        if (Array.isArray(h.type)) h.type.forEach(a)
        else a(h)
      return o
    }
    gapSize(e, t, i, n) {
      const s = es(n, i) - es(n, t)
      if (this.heightOracle.lineWrapping) return e.height * s
      else return n.total * this.heightOracle.charWidth * s
    }
    updateLineGaps(e) {
      if (!hs.same(e, this.lineGaps))
        (this.lineGaps = e), (this.lineGapDeco = X.set(e.map((t) => t.draw(this, this.heightOracle.lineWrapping))))
    }
    computeVisibleRanges(e) {
      let t = this.stateDeco
      if (this.lineGaps.length) t = t.concat(this.lineGapDeco)
      const i = []
      _.spans(
        t,
        this.viewport.from,
        this.viewport.to,
        {
          span(s, r) {
            i.push({ from: s, to: r })
          },
          point() {},
        },
        20,
      )
      let n = 0
      if (i.length != this.visibleRanges.length) n = 12
      else
        for (let s = 0; s < i.length && !(n & 8); s++) {
          const r = this.visibleRanges[s],
            o = i[s]
          if (r.from != o.from || r.to != o.to) {
            if (((n |= 4), !(e && e.mapPos(r.from, -1) == o.from && e.mapPos(r.to, 1) == o.to))) n |= 8
          }
        }
      return ((this.visibleRanges = i), n)
    }
    lineBlockAt(e) {
      return (
        (e >= this.viewport.from &&
          e <= this.viewport.to &&
          this.viewportLines.find((t) => t.from <= e && t.to >= e)) ||
        Ki(this.heightMap.lineAt(e, G.ByPos, this.heightOracle, 0, 0), this.scaler)
      )
    }
    lineBlockAtHeight(e) {
      return (
        (e >= this.viewportLines[0].top &&
          e <= this.viewportLines[this.viewportLines.length - 1].bottom &&
          this.viewportLines.find((t) => t.top <= e && t.bottom >= e)) ||
        Ki(this.heightMap.lineAt(this.scaler.fromDOM(e), G.ByHeight, this.heightOracle, 0, 0), this.scaler)
      )
    }
    getScrollOffset() {
      return this.scrollParent == this.view.scrollDOM
        ? this.scrollParent.scrollTop * this.scaleY
        : (this.scrollParent ? this.scrollParent.getBoundingClientRect().top : 0) -
            this.view.contentDOM.getBoundingClientRect().top
    }
    scrollAnchorAt(e) {
      const t = this.lineBlockAtHeight(e + 12 - this.paddingTop)
      return t.from >= this.viewport.from || this.viewportLines[0].top - e > 200 ? t : this.viewportLines[0]
    }
    elementAtHeight(e) {
      return Ki(this.heightMap.blockAt(this.scaler.fromDOM(e), this.heightOracle, 0, 0), this.scaler)
    }
    get docHeight() {
      return this.scaler.toDOM(this.heightMap.height)
    }
    get contentHeight() {
      return this.docHeight + this.paddingTop + this.paddingBottom
    }
  }
  class Hi {
    constructor(e, t) {
      ;(this.from = e), (this.to = t)
    }
  }
  function Om(e, t, i) {
    let n = [],
      s = e,
      r = 0
    if (
      (_.spans(
        i,
        e,
        t,
        {
          span() {},
          point(o, l) {
            if (o > s) n.push({ from: s, to: o }), (r += o - s)
            s = l
          },
        },
        20,
      ),
      s < t)
    )
      n.push({ from: s, to: t }), (r += t - s)
    return { total: r, ranges: n }
  }
  function Jn({ total: e, ranges: t }, i) {
    if (i <= 0) return t[0].from
    if (i >= 1) return t[t.length - 1].to
    let n = Math.floor(e * i)
    for (let s = 0; ; s++) {
      const { from: r, to: o } = t[s],
        l = o - r
      if (n <= l) return r + n
      n -= l
    }
  }
  function es(e, t) {
    let i = 0
    for (const { from: n, to: s } of e.ranges) {
      if (t <= s) {
        i += t - n
        break
      }
      i += s - n
    }
    return i / e.total
  }
  function mm(e, t) {
    for (const i of e) if (t(i)) return i
    return
  }
  var Oo = {
    toDOM(e) {
      return e
    },
    fromDOM(e) {
      return e
    },
    scale: 1,
    eq(e) {
      return e == this
    },
  }
  function ph(e) {
    const t = e.facet(vs).filter((n) => typeof n != 'function'),
      i = e.facet(Mo).filter((n) => typeof n != 'function')
    if (i.length) t.push(_.join(i))
    return t
  }
  class Ss {
    constructor(e, t) {
      ;(this.scale = e), (this.viewports = t)
    }
    static get(e, t, i) {
      let n = 0,
        s = 0,
        r = 0,
        o = i.map(({ from: a, to: h }) => {
          const c = t.lineAt(a, G.ByPos, e, 0, 0).top,
            f = t.lineAt(h, G.ByPos, e, 0, 0).bottom
          return ((n += f - c), { from: a, to: h, top: c, bottom: f, domTop: 0, domBottom: 0 })
        })
      if (t.height - n < 10) return Oo
      const l = (7000000 - n) / (t.height - n)
      for (const a of o)
        (a.domTop = r + (a.top - s) * l), (r = a.domBottom = a.domTop + (a.bottom - a.top)), (s = a.bottom)
      return new Ss(l, o)
    }
    toDOM(e) {
      for (let t = 0, i = 0, n = 0; ; t++) {
        const s = t < this.viewports.length ? this.viewports[t] : null
        if (!s || e < s.top) return n + (e - i) * this.scale
        if (e <= s.bottom) return s.domTop + (e - s.top)
        ;(i = s.bottom), (n = s.domBottom)
      }
    }
    fromDOM(e) {
      for (let t = 0, i = 0, n = 0; ; t++) {
        const s = t < this.viewports.length ? this.viewports[t] : null
        if (!s || e < s.domTop) return i + (e - n) / this.scale
        if (e <= s.domBottom) return s.top + (e - s.domTop)
        ;(i = s.bottom), (n = s.domBottom)
      }
    }
    eq(e) {
      if (!(e instanceof Ss)) return !1
      return (
        this.scale == e.scale &&
        this.viewports.length == e.viewports.length &&
        this.viewports.every((t, i) => t.from == e.viewports[i].from && t.to == e.viewports[i].to)
      )
    }
  }
  function Ki(e, t) {
    if (t.scale == 1) return e
    const i = t.toDOM(e.top),
      n = t.toDOM(e.bottom)
    return new Ke(e.from, e.length, i, n - i, Array.isArray(e._content) ? e._content.map((s) => Ki(s, t)) : e._content)
  }
  var ts = k.define({ combine: (e) => e.join(' ') }),
    mo = k.define({ combine: (e) => e.indexOf(!0) > -1 }),
    go = Fe.newName(),
    Ec = Fe.newName(),
    Wc = Fe.newName(),
    Yc = { '&light': '.' + Ec, '&dark': '.' + Wc }
  function bo(e, t, i) {
    return new Fe(t, {
      finish(n) {
        return /&/.test(n)
          ? n.replace(/&\w*/, (s) => {
              if (s == '&') return e
              if (!i || !i[s]) throw RangeError(`Unsupported selector: ${s}`)
              return i[s]
            })
          : e + ' ' + n
      },
    })
  }
  var gm = bo(
      '.' + go,
      {
        '&': {
          position: 'relative !important',
          boxSizing: 'border-box',
          '&.cm-focused': { outline: '1px dotted #212121' },
          display: 'flex !important',
          flexDirection: 'column',
        },
        '.cm-scroller': {
          display: 'flex !important',
          alignItems: 'flex-start !important',
          fontFamily: 'monospace',
          lineHeight: 1.4,
          height: '100%',
          overflowX: 'auto',
          position: 'relative',
          zIndex: 0,
          overflowAnchor: 'none',
        },
        '.cm-content': {
          margin: 0,
          flexGrow: 2,
          flexShrink: 0,
          display: 'block',
          whiteSpace: 'pre',
          wordWrap: 'normal',
          boxSizing: 'border-box',
          minHeight: '100%',
          padding: '4px 0',
          outline: 'none',
          '&[contenteditable=true]': { WebkitUserModify: 'read-write-plaintext-only' },
        },
        '.cm-lineWrapping': {
          whiteSpace_fallback: 'pre-wrap',
          whiteSpace: 'break-spaces',
          wordBreak: 'break-word',
          overflowWrap: 'anywhere',
          flexShrink: 1,
        },
        '&light .cm-content': { caretColor: 'black' },
        '&dark .cm-content': { caretColor: 'white' },
        '.cm-line': { display: 'block', padding: '0 2px 0 6px' },
        '.cm-layer': {
          userSelect: 'none',
          position: 'absolute',
          left: 0,
          top: 0,
          contain: 'size style',
          '& > *': { position: 'absolute' },
        },
        '&light .cm-selectionBackground': { background: '#d9d9d9' },
        '&dark .cm-selectionBackground': { background: '#222' },
        '&light.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': { background: '#d7d4f0' },
        '&dark.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground': { background: '#233' },
        '.cm-cursorLayer': { pointerEvents: 'none' },
        '&.cm-focused > .cm-scroller > .cm-cursorLayer': { animation: 'steps(1) cm-blink 1.2s infinite' },
        '@keyframes cm-blink': { '0%': {}, '50%': { opacity: 0 }, '100%': {} },
        '@keyframes cm-blink2': { '0%': {}, '50%': { opacity: 0 }, '100%': {} },
        '.cm-cursor, .cm-dropCursor': { borderLeft: '1.2px solid black', marginLeft: '-0.6px', pointerEvents: 'none' },
        '.cm-cursor': { display: 'none' },
        '&dark .cm-cursor': { borderLeftColor: '#ddd' },
        '.cm-selectionHandle': { backgroundColor: 'currentColor', width: '1.5px' },
        '.cm-selectionHandle-start::before, .cm-selectionHandle-end::before': {
          content: '""',
          backgroundColor: 'inherit',
          borderRadius: '50%',
          width: '8px',
          height: '8px',
          position: 'absolute',
          left: '-3.25px',
        },
        '.cm-selectionHandle-start::before': { top: '-8px' },
        '.cm-selectionHandle-end::before': { bottom: '-8px' },
        '.cm-dropCursor': { position: 'absolute' },
        '&.cm-focused > .cm-scroller > .cm-cursorLayer .cm-cursor': { display: 'block' },
        '.cm-iso': { unicodeBidi: 'isolate' },
        '.cm-announced': { position: 'fixed', top: '-10000px' },
        '@media print': { '.cm-announced': { display: 'none' } },
        '&light .cm-activeLine': { backgroundColor: '#cceeff44' },
        '&dark .cm-activeLine': { backgroundColor: '#99eeff33' },
        '&light .cm-specialChar': { color: 'red' },
        '&dark .cm-specialChar': { color: '#f78' },
        '.cm-gutters': { flexShrink: 0, display: 'flex', height: '100%', boxSizing: 'border-box', zIndex: 200 },
        '.cm-gutters-before': { insetInlineStart: 0 },
        '.cm-gutters-after': { insetInlineEnd: 0 },
        '&light .cm-gutters': {
          backgroundColor: '#f5f5f5',
          color: '#6c6c6c',
          border: '0px solid #ddd',
          '&.cm-gutters-before': { borderRightWidth: '1px' },
          '&.cm-gutters-after': { borderLeftWidth: '1px' },
        },
        '&dark .cm-gutters': { backgroundColor: '#333338', color: '#ccc' },
        '.cm-gutter': {
          display: 'flex !important',
          flexDirection: 'column',
          flexShrink: 0,
          boxSizing: 'border-box',
          minHeight: '100%',
          overflow: 'hidden',
        },
        '.cm-gutterElement': { boxSizing: 'border-box' },
        '.cm-lineNumbers .cm-gutterElement': {
          padding: '0 3px 0 5px',
          minWidth: '20px',
          textAlign: 'right',
          whiteSpace: 'nowrap',
        },
        '&light .cm-activeLineGutter': { backgroundColor: '#e2f2ff' },
        '&dark .cm-activeLineGutter': { backgroundColor: '#222227' },
        '.cm-panels': { boxSizing: 'border-box', position: 'sticky', left: 0, right: 0, zIndex: 300 },
        '&light .cm-panels': { backgroundColor: '#f5f5f5', color: 'black' },
        '.cm-panels-top': { top: '0' },
        '.cm-panels-bottom': { bottom: '0' },
        '&light .cm-panels-top': { borderBottom: '1px solid #ddd' },
        '&light .cm-panels-bottom': { borderTop: '1px solid #ddd' },
        '&dark .cm-panels': { backgroundColor: '#333338', color: 'white' },
        '.cm-dialog': { padding: '2px 19px 4px 6px', position: 'relative', '& label': { fontSize: '80%' } },
        '.cm-dialog-close': {
          position: 'absolute',
          top: '3px',
          right: '4px',
          backgroundColor: 'inherit',
          border: 'none',
          font: 'inherit',
          fontSize: '14px',
          padding: '0',
        },
        '.cm-tab': { display: 'inline-block', overflow: 'hidden', verticalAlign: 'bottom' },
        '.cm-widgetBuffer': { verticalAlign: 'baseline', height: '1em', width: 0, display: 'inline' },
        '.cm-placeholder': { color: '#888', display: 'inline-block', verticalAlign: 'top', userSelect: 'none' },
        '.cm-highlightSpace': {
          background: 'radial-gradient(circle at 50% 55%, #aaa 20%, transparent 0) no-repeat',
          backgroundSize: '.4em',
          backgroundPosition: 'calc(min(50%, 0px)) center',
        },
        '.cm-highlightTab': {
          backgroundImage: `url('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" width="200" height="20"><path stroke="%23888" stroke-width="1" fill="none" d="M1 10H196L190 5M190 15L196 10M197 4L197 16"/></svg>')`,
          backgroundSize: 'auto 100%',
          backgroundPosition: 'right 90%',
          backgroundRepeat: 'no-repeat',
        },
        '.cm-trailingSpace': { backgroundColor: '#ff332255' },
        '.cm-button': {
          verticalAlign: 'middle',
          color: 'inherit',
          fontSize: '70%',
          padding: '.2em 1em',
          borderRadius: '1px',
        },
        '&light .cm-button': {
          backgroundImage: 'linear-gradient(#eff1f5, #d9d9df)',
          border: '1px solid #888',
          '&:active': { backgroundImage: 'linear-gradient(#b4b4b4, #d0d3d6)' },
        },
        '&dark .cm-button': {
          backgroundImage: 'linear-gradient(#393939, #111)',
          border: '1px solid #888',
          '&:active': { backgroundImage: 'linear-gradient(#111, #333)' },
        },
        '.cm-textfield': {
          verticalAlign: 'middle',
          color: 'inherit',
          fontSize: '70%',
          border: '1px solid silver',
          padding: '.2em .5em',
        },
        '&light .cm-textfield': { backgroundColor: 'white' },
        '&dark .cm-textfield': { border: '1px solid #555', backgroundColor: 'inherit' },
      },
      Yc,
    ),
    bm = { childList: !0, characterData: !0, subtree: !0, attributes: !0, characterDataOldValue: !0 },
    Vr = C.ie && C.ie_version <= 11
  class zc {
    constructor(e) {
      if (
        ((this.view = e),
        (this.active = !1),
        (this.editContext = null),
        (this.selectionRange = new _h()),
        (this.selectionChanged = !1),
        (this.delayedFlush = -1),
        (this.resizeTimeout = -1),
        (this.queue = []),
        (this.delayedAndroidKey = null),
        (this.flushingAndroidKey = -1),
        (this.lastChange = 0),
        (this.scrollTargets = []),
        (this.intersection = null),
        (this.resizeScroll = null),
        (this.intersecting = !1),
        (this.gapIntersection = null),
        (this.gaps = []),
        (this.printQuery = null),
        (this.parentCheck = -1),
        (this.dom = e.contentDOM),
        (this.observer = new MutationObserver((t) => {
          for (const i of t) this.queue.push(i)
          if (
            ((C.ie && C.ie_version <= 11) || (C.ios && e.composing)) &&
            t.some(
              (i) =>
                (i.type == 'childList' && i.removedNodes.length) ||
                (i.type == 'characterData' && i.oldValue.length > i.target.nodeValue.length),
            )
          )
            this.flushSoon()
          else this.flush()
        })),
        window.EditContext && C.android && e.constructor.EDIT_CONTEXT !== !1 && !(C.chrome && C.chrome_version < 126))
      ) {
        if (((this.editContext = new Bc(e)), e.state.facet(yt))) e.contentDOM.editContext = this.editContext.editContext
      }
      if (Vr)
        this.onCharData = (t) => {
          this.queue.push({ target: t.target, type: 'characterData', oldValue: t.prevValue }), this.flushSoon()
        }
      if (
        ((this.onSelectionChange = this.onSelectionChange.bind(this)),
        (this.onResize = this.onResize.bind(this)),
        (this.onPrint = this.onPrint.bind(this)),
        (this.onScroll = this.onScroll.bind(this)),
        window.matchMedia)
      )
        this.printQuery = window.matchMedia('print')
      if (typeof ResizeObserver == 'function')
        (this.resizeScroll = new ResizeObserver(() => {
          var t
          if (((t = this.view.docView) === null || t === void 0 ? void 0 : t.lastUpdate) < Date.now() - 75)
            this.onResize()
        })),
          this.resizeScroll.observe(e.scrollDOM)
      if ((this.addWindowListeners((this.win = e.win)), this.start(), typeof IntersectionObserver == 'function'))
        (this.intersection = new IntersectionObserver(
          (t) => {
            if (this.parentCheck < 0) this.parentCheck = setTimeout(this.listenForScroll.bind(this), 1000)
            if (t.length > 0 && t[t.length - 1].intersectionRatio > 0 != this.intersecting) {
              if (((this.intersecting = !this.intersecting), this.intersecting != this.view.inView))
                this.onScrollChanged(document.createEvent('Event'))
            }
          },
          { threshold: [0, 0.001] },
        )),
          this.intersection.observe(this.dom),
          (this.gapIntersection = new IntersectionObserver((t) => {
            if (t.length > 0 && t[t.length - 1].intersectionRatio > 0)
              this.onScrollChanged(document.createEvent('Event'))
          }, {}))
      this.listenForScroll(), this.readSelectionRange()
    }
    onScrollChanged(e) {
      if ((this.view.inputState.runHandlers('scroll', e), this.intersecting)) this.view.measure()
    }
    onScroll(e) {
      if (this.intersecting) this.flush(this.pendingRecords().length > 0)
      if (this.editContext) this.view.requestMeasure(this.editContext.measureReq)
      this.onScrollChanged(e)
    }
    onResize() {
      if (this.resizeTimeout < 0)
        this.resizeTimeout = setTimeout(() => {
          ;(this.resizeTimeout = -1), this.view.requestMeasure()
        }, 50)
    }
    onPrint(e) {
      if ((e.type == 'change' || !e.type) && !e.matches) return
      ;(this.view.viewState.printing = !0),
        this.view.measure(),
        setTimeout(() => {
          ;(this.view.viewState.printing = !1), this.view.requestMeasure()
        }, 500)
    }
    updateGaps(e) {
      if (this.gapIntersection && (e.length != this.gaps.length || this.gaps.some((t, i) => t != e[i]))) {
        this.gapIntersection.disconnect()
        for (const t of e) this.gapIntersection.observe(t)
        this.gaps = e
      }
    }
    onSelectionChange(e) {
      const t = this.selectionChanged
      if (!this.readSelectionRange() || this.delayedAndroidKey) return
      const { view: i } = this,
        n = this.selectionRange
      if (i.state.facet(yt) ? i.root.activeElement != this.dom : !tn(this.dom, n)) return
      const s = n.anchorNode && i.docView.tile.nearest(n.anchorNode)
      if (s && s.isWidget() && s.widget.ignoreEvent(e)) {
        if (!t) this.selectionChanged = !1
        return
      }
      if (
        ((C.ie && C.ie_version <= 11) || (C.android && C.chrome)) &&
        !i.state.selection.main.empty &&
        n.focusNode &&
        nn(n.focusNode, n.focusOffset, n.anchorNode, n.anchorOffset)
      )
        this.flushSoon()
      else this.flush(!1)
    }
    readSelectionRange() {
      const { view: e } = this,
        t = ln(e.root)
      if (!t) return !1
      const i = (C.safari && e.root.nodeType == 11 && e.root.activeElement == this.dom && ym(this.view, t)) || t
      if (!i || this.selectionRange.eq(i)) return !1
      const n = tn(this.dom, i)
      if (
        n &&
        !this.selectionChanged &&
        e.inputState.lastFocusTime > Date.now() - 200 &&
        e.inputState.lastTouchTime < Date.now() - 300 &&
        dO(this.dom, i)
      )
        return ((this.view.inputState.lastFocusTime = 0), e.docView.updateSelection(), !1)
      if ((this.selectionRange.setRange(i), n)) this.selectionChanged = !0
      return !0
    }
    setSelectionRange(e, t) {
      this.selectionRange.set(e.node, e.offset, t.node, t.offset), (this.selectionChanged = !1)
    }
    clearSelectionRange() {
      this.selectionRange.set(null, 0, null, 0)
    }
    listenForScroll() {
      this.parentCheck = -1
      let e = 0,
        t = null
      for (let i = this.dom; i; )
        if (ae(i)) {
          if (!t && e < this.scrollTargets.length && this.scrollTargets[e] == i) e++
          else if (!t) t = this.scrollTargets.slice(0, e)
          if (t) t.push(i)
          i = i.assignedSlot || i.parentNode
        } else if (i.nodeType == 11) i = i.host
        else break
      if (e < this.scrollTargets.length && !t) t = this.scrollTargets.slice(0, e)
      if (t) {
        for (const i of this.scrollTargets) i.removeEventListener('scroll', this.onScroll)
        for (const i of (this.scrollTargets = t)) i.addEventListener('scroll', this.onScroll)
      }
    }
    ignore(e) {
      if (!this.active) return e()
      try {
        return (this.stop(), e())
      } finally {
        this.start(), this.clear()
      }
    }
    start() {
      if (this.active) return
      if ((this.observer.observe(this.dom, bm), Vr))
        this.dom.addEventListener('DOMCharacterDataModified', this.onCharData)
      this.active = !0
    }
    stop() {
      if (!this.active) return
      if (((this.active = !1), this.observer.disconnect(), Vr))
        this.dom.removeEventListener('DOMCharacterDataModified', this.onCharData)
    }
    clear() {
      this.processRecords(), (this.queue.length = 0), (this.selectionChanged = !1)
    }
    delayAndroidKey(e, t) {
      var i
      if (!this.delayedAndroidKey) {
        const n = () => {
          const s = this.delayedAndroidKey
          if (s) {
            if (
              (this.clearDelayedAndroidKey(),
              (this.view.inputState.lastKeyCode = s.keyCode),
              (this.view.inputState.lastKeyTime = Date.now()),
              !this.flush() && s.force)
            )
              fi(this.dom, s.key, s.keyCode)
          }
        }
        this.flushingAndroidKey = this.view.win.requestAnimationFrame(n)
      }
      if (!this.delayedAndroidKey || e == 'Enter')
        this.delayedAndroidKey = {
          key: e,
          keyCode: t,
          force:
            this.lastChange < Date.now() - 50 ||
            !!((i = this.delayedAndroidKey) === null || i === void 0 ? void 0 : i.force),
        }
    }
    clearDelayedAndroidKey() {
      this.win.cancelAnimationFrame(this.flushingAndroidKey),
        (this.delayedAndroidKey = null),
        (this.flushingAndroidKey = -1)
    }
    flushSoon() {
      if (this.delayedFlush < 0)
        this.delayedFlush = this.view.win.requestAnimationFrame(() => {
          ;(this.delayedFlush = -1), this.flush()
        })
    }
    forceFlush() {
      if (this.delayedFlush >= 0) this.view.win.cancelAnimationFrame(this.delayedFlush), (this.delayedFlush = -1)
      this.flush()
    }
    pendingRecords() {
      for (const e of this.observer.takeRecords()) this.queue.push(e)
      return this.queue
    }
    processRecords() {
      const e = this.pendingRecords()
      if (e.length) this.queue = []
      let t = -1,
        i = -1,
        n = !1
      for (const s of e) {
        const r = this.readMutation(s)
        if (!r) continue
        if (r.typeOver) n = !0
        if (t == -1) ({ from: t, to: i } = r)
        else (t = Math.min(r.from, t)), (i = Math.max(r.to, i))
      }
      return { from: t, to: i, typeOver: n }
    }
    readChange() {
      const { from: e, to: t, typeOver: i } = this.processRecords(),
        n = this.selectionChanged && tn(this.dom, this.selectionRange)
      if (e < 0 && !n) return null
      if (e > -1) this.lastChange = Date.now()
      ;(this.view.inputState.lastFocusTime = 0), (this.selectionChanged = !1)
      const s = new xc(this.view, e, t, i)
      return ((this.view.docView.domChanged = { newSel: s.newSel ? s.newSel.main : null }), s)
    }
    flush(e = !0) {
      if (this.delayedFlush >= 0 || this.delayedAndroidKey) return !1
      if (e) this.readSelectionRange()
      const t = this.selectionChanged,
        i = this.readChange()
      if (!i) return (this.view.requestMeasure(), !1)
      const n = this.view.state,
        s = Qc(this.view, i)
      if (this.view.state == n && (i.domChanged || t)) this.view.update([])
      return s
    }
    readMutation(e) {
      const t = this.view.docView.tile.nearest(e.target)
      if (!t || t.isWidget()) return null
      if ((t.markDirty(e.type == 'attributes'), e.type == 'childList')) {
        const i = Oh(t, e.previousSibling || e.target.previousSibling, -1),
          n = Oh(t, e.nextSibling || e.target.nextSibling, 1)
        return { from: i ? t.posAfter(i) : t.posAtStart, to: n ? t.posBefore(n) : t.posAtEnd, typeOver: !1 }
      } else if (e.type == 'characterData')
        return { from: t.posAtStart, to: t.posAtEnd, typeOver: e.target.nodeValue == e.oldValue }
      else return null
    }
    setWindow(e) {
      if (e != this.win) this.removeWindowListeners(this.win), (this.win = e), this.addWindowListeners(this.win)
    }
    addWindowListeners(e) {
      if ((e.addEventListener('resize', this.onResize), this.printQuery))
        if (this.printQuery.addEventListener) this.printQuery.addEventListener('change', this.onPrint)
        else this.printQuery.addListener(this.onPrint)
      else e.addEventListener('beforeprint', this.onPrint)
      e.addEventListener('scroll', this.onScroll),
        e.document.addEventListener('selectionchange', this.onSelectionChange)
    }
    removeWindowListeners(e) {
      if (
        (e.removeEventListener('scroll', this.onScroll),
        e.removeEventListener('resize', this.onResize),
        this.printQuery)
      )
        if (this.printQuery.removeEventListener) this.printQuery.removeEventListener('change', this.onPrint)
        else this.printQuery.removeListener(this.onPrint)
      else e.removeEventListener('beforeprint', this.onPrint)
      e.document.removeEventListener('selectionchange', this.onSelectionChange)
    }
    update(e) {
      if (this.editContext) {
        if ((this.editContext.update(e), e.startState.facet(yt) != e.state.facet(yt)))
          e.view.contentDOM.editContext = e.state.facet(yt) ? this.editContext.editContext : null
      }
    }
    destroy() {
      var e, t, i
      this.stop(),
        (e = this.intersection) === null || e === void 0 || e.disconnect(),
        (t = this.gapIntersection) === null || t === void 0 || t.disconnect(),
        (i = this.resizeScroll) === null || i === void 0 || i.disconnect()
      for (const n of this.scrollTargets) n.removeEventListener('scroll', this.onScroll)
      if (
        (this.removeWindowListeners(this.win),
        clearTimeout(this.parentCheck),
        clearTimeout(this.resizeTimeout),
        this.win.cancelAnimationFrame(this.delayedFlush),
        this.win.cancelAnimationFrame(this.flushingAndroidKey),
        this.editContext)
      )
        (this.view.contentDOM.editContext = null), this.editContext.destroy()
    }
  }
  function Oh(e, t, i) {
    while (t) {
      const n = te.get(t)
      if (n && n.parent == e) return n
      const s = t.parentNode
      t = s != e.dom ? s : i > 0 ? t.nextSibling : t.previousSibling
    }
    return null
  }
  function mh(e, t) {
    let { startContainer: i, startOffset: n, endContainer: s, endOffset: r } = t,
      o = e.docView.domAtPos(e.state.selection.main.anchor, 1)
    if (nn(o.node, o.offset, s, r)) [i, n, s, r] = [s, r, i, n]
    return { anchorNode: i, anchorOffset: n, focusNode: s, focusOffset: r }
  }
  function ym(e, t) {
    if (t.getComposedRanges) {
      const s = t.getComposedRanges(e.root)[0]
      if (s) return mh(e, s)
    }
    let i = null
    function n(s) {
      s.preventDefault(), s.stopImmediatePropagation(), (i = s.getTargetRanges()[0])
    }
    return (
      e.contentDOM.addEventListener('beforeinput', n, !0),
      e.dom.ownerDocument.execCommand('indent'),
      e.contentDOM.removeEventListener('beforeinput', n, !0),
      i ? mh(e, i) : null
    )
  }
  class Bc {
    constructor(e) {
      ;(this.from = 0),
        (this.to = 0),
        (this.pendingContextChange = null),
        (this.handlers = Object.create(null)),
        (this.composing = null),
        this.resetRange(e.state)
      const t = (this.editContext = new window.EditContext({
        text: e.state.doc.sliceString(this.from, this.to),
        selectionStart: this.toContextPos(Math.max(this.from, Math.min(this.to, e.state.selection.main.anchor))),
        selectionEnd: this.toContextPos(e.state.selection.main.head),
      }))
      ;(this.handlers.textupdate = (i) => {
        let n = e.state.selection.main,
          { anchor: s, head: r } = n,
          o = this.toEditorPos(i.updateRangeStart),
          l = this.toEditorPos(i.updateRangeEnd)
        if (e.inputState.composing >= 0 && !this.composing)
          this.composing = { contextBase: i.updateRangeStart, editorBase: o, drifted: !1 }
        const a = l - o > i.text.length
        if (o == this.from && s < this.from) o = s
        else if (l == this.to && s > this.to) l = s
        const h = wc(e.state.sliceDoc(o, l), i.text, (a ? n.from : n.to) - o, a ? 'end' : null)
        if (!h) {
          const f = b.single(this.toEditorPos(i.selectionStart), this.toEditorPos(i.selectionEnd))
          if (!fo(f, n)) e.dispatch({ selection: f, userEvent: 'select' })
          return
        }
        let c = {
          from: h.from + o,
          to: h.toA + o,
          insert: j.of(
            i.text.slice(h.from, h.toB).split(`
`),
          ),
        }
        if (
          (C.mac || C.android) &&
          c.from == r - 1 &&
          /^\. ?$/.test(i.text) &&
          e.contentDOM.getAttribute('autocorrect') == 'off'
        )
          c = { from: o, to: l, insert: j.of([i.text.replace('.', ' ')]) }
        if (((this.pendingContextChange = c), !e.state.readOnly)) {
          const f = this.to - this.from + (c.to - c.from + c.insert.length)
          To(e, c, b.single(this.toEditorPos(i.selectionStart, f), this.toEditorPos(i.selectionEnd, f)))
        }
        if (this.pendingContextChange) this.revertPending(e.state), this.setSelection(e.state)
        if (
          c.from < c.to &&
          !c.insert.length &&
          e.inputState.composing >= 0 &&
          !/[\\p{Alphabetic}\\p{Number}_]/.test(
            t.text.slice(Math.max(0, i.updateRangeStart - 1), Math.min(t.text.length, i.updateRangeStart + 1)),
          )
        )
          this.handlers.compositionend(i)
      }),
        (this.handlers.characterboundsupdate = (i) => {
          let n = [],
            s = null
          for (let r = this.toEditorPos(i.rangeStart), o = this.toEditorPos(i.rangeEnd); r < o; r++) {
            const l = e.coordsForChar(r)
            ;(s = (l && new DOMRect(l.left, l.top, l.right - l.left, l.bottom - l.top)) || s || new DOMRect()),
              n.push(s)
          }
          t.updateCharacterBounds(i.rangeStart, n)
        }),
        (this.handlers.textformatupdate = (i) => {
          const n = []
          for (const s of i.getTextFormats()) {
            const { underlineStyle: r, underlineThickness: o } = s
            if (!/none/i.test(r) && !/none/i.test(o)) {
              const l = this.toEditorPos(s.rangeStart),
                a = this.toEditorPos(s.rangeEnd)
              if (l < a) {
                const h = `text-decoration: underline ${/^[a-z]/.test(r) ? r + ' ' : r == 'Dashed' ? 'dashed ' : r == 'Squiggle' ? 'wavy ' : ''}${/thin/i.test(o) ? 1 : 2}px`
                n.push(X.mark({ attributes: { style: h } }).range(l, a))
              }
            }
          }
          e.dispatch({ effects: ic.of(X.set(n)) })
        }),
        (this.handlers.compositionstart = () => {
          if (e.inputState.composing < 0) (e.inputState.composing = 0), (e.inputState.compositionFirstChange = !0)
        }),
        (this.handlers.compositionend = () => {
          if (((e.inputState.composing = -1), (e.inputState.compositionFirstChange = null), this.composing)) {
            const { drifted: i } = this.composing
            if (((this.composing = null), i)) this.reset(e.state)
          }
        })
      for (const i in this.handlers) t.addEventListener(i, this.handlers[i])
      this.measureReq = {
        read: (i) => {
          const n = ln(i.root)
          if (n && n.rangeCount) this.editContext.updateSelectionBounds(n.getRangeAt(0).getBoundingClientRect())
        },
      }
    }
    applyEdits(e) {
      let t = 0,
        i = !1,
        n = this.pendingContextChange
      if (
        (e.changes.iterChanges((s, r, o, l, a) => {
          if (i) return
          const h = a.length - (r - s)
          if (n && r >= n.to)
            if (n.from == s && n.to == r && n.insert.eq(a)) {
              ;(n = this.pendingContextChange = null), (t += h), (this.to += h)
              return
            } else (n = null), this.revertPending(e.state)
          if (((s += t), (r += t), r <= this.from)) (this.from += h), (this.to += h)
          else if (s < this.to) {
            if (s < this.from || r > this.to || this.to - this.from + a.length > 30000) {
              i = !0
              return
            }
            this.editContext.updateText(this.toContextPos(s), this.toContextPos(r), a.toString()), (this.to += h)
          }
          t += h
        }),
        n && !i)
      )
        this.revertPending(e.state)
      return !i
    }
    update(e) {
      const t = this.pendingContextChange,
        i = e.startState.selection.main
      if (
        this.composing &&
        (this.composing.drifted ||
          (!e.changes.touchesRange(i.from, i.to) &&
            e.transactions.some((n) => !n.isUserEvent('input.type') && n.changes.touchesRange(this.from, this.to))))
      )
        (this.composing.drifted = !0), (this.composing.editorBase = e.changes.mapPos(this.composing.editorBase))
      else if (!this.applyEdits(e) || !this.rangeIsValid(e.state))
        (this.pendingContextChange = null), this.reset(e.state)
      else if (e.docChanged || e.selectionSet || t) this.setSelection(e.state)
      if (e.geometryChanged || e.docChanged || e.selectionSet) e.view.requestMeasure(this.measureReq)
    }
    resetRange(e) {
      const { head: t } = e.selection.main
      ;(this.from = Math.max(0, t - 1e4)), (this.to = Math.min(e.doc.length, t + 1e4))
    }
    reset(e) {
      this.resetRange(e),
        this.editContext.updateText(0, this.editContext.text.length, e.doc.sliceString(this.from, this.to)),
        this.setSelection(e)
    }
    revertPending(e) {
      const t = this.pendingContextChange
      ;(this.pendingContextChange = null),
        this.editContext.updateText(
          this.toContextPos(t.from),
          this.toContextPos(t.from + t.insert.length),
          e.doc.sliceString(t.from, t.to),
        )
    }
    setSelection(e) {
      const { main: t } = e.selection,
        i = this.toContextPos(Math.max(this.from, Math.min(this.to, t.anchor))),
        n = this.toContextPos(t.head)
      if (this.editContext.selectionStart != i || this.editContext.selectionEnd != n)
        this.editContext.updateSelection(i, n)
    }
    rangeIsValid(e) {
      const { head: t } = e.selection.main
      return !(
        (this.from > 0 && t - this.from < 500) ||
        (this.to < e.doc.length && this.to - t < 500) ||
        this.to - this.from > 30000
      )
    }
    toEditorPos(e, t = this.to - this.from) {
      e = Math.min(e, t)
      const i = this.composing
      return i && i.drifted ? i.editorBase + (e - i.contextBase) : e + this.from
    }
    toContextPos(e) {
      const t = this.composing
      return t && t.drifted ? t.contextBase + (e - t.editorBase) : e - this.from
    }
    destroy() {
      for (const e in this.handlers) this.editContext.removeEventListener(e, this.handlers[e])
    }
  }
  class w {
    get state() {
      return this.viewState.state
    }
    get viewport() {
      return this.viewState.viewport
    }
    get visibleRanges() {
      return this.viewState.visibleRanges
    }
    get inView() {
      return this.viewState.inView
    }
    get composing() {
      return !!this.inputState && this.inputState.composing > 0
    }
    get compositionStarted() {
      return !!this.inputState && this.inputState.composing >= 0
    }
    get root() {
      return this._root
    }
    get win() {
      return this.dom.ownerDocument.defaultView || window
    }
    constructor(e = {}) {
      var t
      if (
        ((this.plugins = []),
        (this.pluginMap = new Map()),
        (this.editorAttrs = {}),
        (this.contentAttrs = {}),
        (this.bidiCache = []),
        (this.destroyed = !1),
        (this.updateState = 2),
        (this.measureScheduled = -1),
        (this.measureRequests = []),
        (this.clearAnnouncement = -1),
        (this.contentDOM = document.createElement('div')),
        (this.scrollDOM = document.createElement('div')),
        (this.scrollDOM.tabIndex = -1),
        (this.scrollDOM.className = 'cm-scroller'),
        this.scrollDOM.appendChild(this.contentDOM),
        (this.announceDOM = document.createElement('div')),
        (this.announceDOM.className = 'cm-announced'),
        this.announceDOM.setAttribute('aria-live', 'polite'),
        (this.dom = document.createElement('div')),
        this.dom.appendChild(this.announceDOM),
        this.dom.appendChild(this.scrollDOM),
        e.parent)
      )
        e.parent.appendChild(this.dom)
      const { dispatch: i } = e
      if (
        ((this.dispatchTransactions =
          e.dispatchTransactions || (i && ((n) => n.forEach((s) => i(s, this)))) || ((n) => this.update(n))),
        (this.dispatch = this.dispatch.bind(this)),
        (this._root = e.root || uO(e.parent) || document),
        (this.viewState = new po(this, e.state || W.create(e))),
        e.scrollTo && e.scrollTo.is(Fn))
      )
        this.viewState.scrollTarget = e.scrollTo.value.clip(this.viewState.state)
      this.plugins = this.state.facet(ai).map((n) => new os(n))
      for (const n of this.plugins) n.update(this)
      if (
        ((this.observer = new zc(this)),
        (this.inputState = new kc(this)),
        this.inputState.ensureHandlers(this.plugins),
        (this.docView = new oo(this)),
        this.mountStyles(),
        this.updateAttrs(),
        (this.updateState = 0),
        this.requestMeasure(),
        (t = document.fonts) === null || t === void 0 ? void 0 : t.ready)
      )
        document.fonts.ready.then(() => {
          ;(this.viewState.mustMeasureContent = 'refresh'), this.requestMeasure()
        })
    }
    dispatch(...e) {
      const t =
        e.length == 1 && e[0] instanceof J ? e : e.length == 1 && Array.isArray(e[0]) ? e[0] : [this.state.update(...e)]
      this.dispatchTransactions(t, this)
    }
    update(e) {
      if (this.updateState != 0)
        throw Error('Calls to EditorView.update are not allowed while an update is in progress')
      let t = !1,
        i = !1,
        n,
        s = this.state
      for (const f of e) {
        if (f.startState != s)
          throw RangeError("Trying to update state with a transaction that doesn't start from the previous state.")
        s = f.state
      }
      if (this.destroyed) {
        this.viewState.state = s
        return
      }
      let r = this.hasFocus,
        o = 0,
        l = null
      if (e.some((f) => f.annotation(Xc))) (this.inputState.notifiedFocused = r), (o = 1)
      else if (r != this.inputState.notifiedFocused) {
        if (((this.inputState.notifiedFocused = r), (l = Mc(s, r)), !l)) o = 1
      }
      let a = this.observer.delayedAndroidKey,
        h = null
      if (a) {
        if (
          (this.observer.clearDelayedAndroidKey(),
          (h = this.observer.readChange()),
          (h && !this.state.doc.eq(s.doc)) || !this.state.selection.eq(s.selection))
        )
          h = null
      } else this.observer.clear()
      if (s.facet(W.phrases) != this.state.facet(W.phrases)) return this.setState(s)
      ;(n = bs.create(this, s, e)), (n.flags |= o)
      let c = this.viewState.scrollTarget
      try {
        this.updateState = 2
        for (const f of e) {
          if (c) c = c.map(f.changes)
          if (f.scrollIntoView) {
            const { main: u } = f.state.selection,
              { x: d, y: p } = this.state.facet(w.cursorScrollMargin)
            c = new ui(u.empty ? u : b.cursor(u.head, u.head > u.anchor ? -1 : 1), 'nearest', 'nearest', p, d)
          }
          for (const u of f.effects) if (u.is(Fn)) c = u.value.clip(this.state)
        }
        if ((this.viewState.update(n, c), (this.bidiCache = Qs.update(this.bidiCache, n.changes)), !n.empty))
          this.updatePlugins(n), this.inputState.update(n)
        if (((t = this.docView.update(n)), this.state.facet(Fi) != this.styleModules)) this.mountStyles()
        ;(i = this.updateAttrs()),
          this.showAnnouncements(e),
          this.docView.updateSelection(
            t,
            e.some((f) => f.isUserEvent('select.pointer')),
          )
      } finally {
        this.updateState = 0
      }
      if (n.startState.facet(ts) != n.state.facet(ts)) this.viewState.mustMeasureContent = !0
      if (t || i || c || this.viewState.mustEnforceCursorAssoc || this.viewState.mustMeasureContent)
        this.requestMeasure()
      if (t) this.docViewUpdate()
      if (!n.empty)
        for (const f of this.state.facet(ro))
          try {
            f(n)
          } catch (u) {
            pe(this.state, u, 'update listener')
          }
      if (l || h)
        Promise.resolve().then(() => {
          if (l && this.state == l.startState) this.dispatch(l)
          if (h) {
            if (!Qc(this, h) && a.force) fi(this.contentDOM, a.key, a.keyCode)
          }
        })
    }
    setState(e) {
      if (this.updateState != 0)
        throw Error('Calls to EditorView.setState are not allowed while an update is in progress')
      if (this.destroyed) {
        this.viewState.state = e
        return
      }
      this.updateState = 2
      const t = this.hasFocus
      try {
        for (const i of this.plugins) i.destroy(this)
        ;(this.viewState = new po(this, e)), (this.plugins = e.facet(ai).map((i) => new os(i))), this.pluginMap.clear()
        for (const i of this.plugins) i.update(this)
        this.docView.destroy(),
          (this.docView = new oo(this)),
          this.inputState.ensureHandlers(this.plugins),
          this.mountStyles(),
          this.updateAttrs(),
          (this.bidiCache = [])
      } finally {
        this.updateState = 0
      }
      if (t) this.focus()
      this.requestMeasure()
    }
    updatePlugins(e) {
      const t = e.startState.facet(ai),
        i = e.state.facet(ai)
      if (t != i) {
        const n = []
        for (const s of i) {
          const r = t.indexOf(s)
          if (r < 0) n.push(new os(s))
          else {
            const o = this.plugins[r]
            ;(o.mustUpdate = e), n.push(o)
          }
        }
        for (const s of this.plugins) if (s.mustUpdate != e) s.destroy(this)
        ;(this.plugins = n), this.pluginMap.clear()
      } else for (const n of this.plugins) n.mustUpdate = e
      for (let n = 0; n < this.plugins.length; n++) this.plugins[n].update(this)
      if (t != i) this.inputState.ensureHandlers(this.plugins)
    }
    docViewUpdate() {
      for (const e of this.plugins) {
        const t = e.value
        if (t && t.docViewUpdate)
          try {
            t.docViewUpdate(this)
          } catch (i) {
            pe(this.state, i, 'doc view update listener')
          }
      }
    }
    measure(e = !0) {
      if (this.destroyed) return
      if (this.measureScheduled > -1) this.win.cancelAnimationFrame(this.measureScheduled)
      if (this.observer.delayedAndroidKey) {
        ;(this.measureScheduled = -1), this.requestMeasure()
        return
      }
      if (((this.measureScheduled = 0), e)) this.observer.forceFlush()
      let t = null,
        i = this.viewState.scrollParent,
        n = this.viewState.getScrollOffset(),
        { scrollAnchorPos: s, scrollAnchorHeight: r, scaleY: o } = this.viewState
      if (Math.abs(n - this.viewState.scrollOffset) > 1) r = -1
      this.viewState.scrollAnchorHeight = -1
      try {
        for (let l = 0; ; l++) {
          if (r < 0) {
            if (Eh(i || this.win)) (s = -1), (r = this.viewState.heightMap.height / this.viewState.scaleY)
            else {
              const d = this.viewState.scrollAnchorAt(n)
              ;(s = d.from), (r = d.top)
            }
            o = this.viewState.scaleY
          }
          this.updateState = 1
          const a = this.viewState.measure()
          if (!a && !this.measureRequests.length && this.viewState.scrollTarget == null) break
          if (l > 5) {
            console.warn(
              this.measureRequests.length ? 'Measure loop restarted more than 5 times' : 'Viewport failed to stabilize',
            )
            break
          }
          let h = []
          if (!(a & 4)) [this.measureRequests, h] = [h, this.measureRequests]
          let c = h.map((d) => {
              try {
                return d.read(this)
              } catch (p) {
                return (pe(this.state, p), gh)
              }
            }),
            f = bs.create(this, this.state, []),
            u = !1
          if (((f.flags |= a), !t)) t = f
          else t.flags |= a
          if (((this.updateState = 2), !f.empty)) {
            if ((this.updatePlugins(f), this.inputState.update(f), this.updateAttrs(), (u = this.docView.update(f)), u))
              this.docViewUpdate()
          }
          for (let d = 0; d < h.length; d++)
            if (c[d] != gh)
              try {
                const p = h[d]
                if (p.write) p.write(c[d], this)
              } catch (p) {
                pe(this.state, p)
              }
          if (u) this.docView.updateSelection(!0)
          if (!f.viewportChanged && this.measureRequests.length == 0) {
            if (this.viewState.editorHeight)
              if (this.viewState.scrollTarget) {
                this.docView.scrollIntoView(this.viewState.scrollTarget), (this.viewState.scrollTarget = null), (r = -1)
                continue
              } else {
                const p =
                  (s < 0 ? this.viewState.heightMap.height : this.viewState.lineBlockAt(s).top) /
                    this.viewState.scaleY -
                  r / o
                if (
                  (p > 1 || p < -1) &&
                  !(C.ios && this.inputState.lastIOSMomentumScroll > Date.now() - 100) &&
                  (i == this.scrollDOM ||
                    this.hasFocus ||
                    Math.max(this.inputState.lastWheelEvent, this.inputState.lastTouchTime) > Date.now() - 100)
                ) {
                  if (((n = n + p), !i)) this.win.scrollBy(0, p)
                  else if (s < 0) i.scrollTop = i.scrollHeight
                  else i.scrollTop += p
                  r = -1
                  continue
                }
              }
            break
          }
        }
      } finally {
        ;(this.updateState = 0), (this.measureScheduled = -1)
      }
      if (t && !t.empty) for (const l of this.state.facet(ro)) l(t)
    }
    get themeClasses() {
      return go + ' ' + (this.state.facet(mo) ? Wc : Ec) + ' ' + this.state.facet(ts)
    }
    updateAttrs() {
      const e = bh(this, nc, { class: 'cm-editor' + (this.hasFocus ? ' cm-focused ' : ' ') + this.themeClasses }),
        t = {
          spellcheck: 'false',
          autocorrect: 'off',
          autocapitalize: 'off',
          writingsuggestions: 'false',
          translate: 'no',
          contenteditable: !this.state.facet(yt) ? 'false' : 'true',
          class: 'cm-content',
          style: `${C.tabSize}: ${this.state.tabSize}`,
          role: 'textbox',
          'aria-multiline': 'true',
        }
      if (this.state.readOnly) t['aria-readonly'] = 'true'
      bh(this, Xo, t)
      const i = this.observer.ignore(() => {
        const n = Ha(this.contentDOM, this.contentAttrs, t),
          s = Ha(this.dom, this.editorAttrs, e)
        return n || s
      })
      return ((this.editorAttrs = e), (this.contentAttrs = t), i)
    }
    showAnnouncements(e) {
      let t = !0
      for (const i of e)
        for (const n of i.effects)
          if (n.is(w.announce)) {
            if (t)
              (this.announceDOM.textContent = ''),
                this.win.clearTimeout(this.clearAnnouncement),
                (this.clearAnnouncement = this.win.setTimeout(() => {
                  this.announceDOM.textContent = ' '
                }, 200)),
                (t = !1)
            const s = this.announceDOM.appendChild(document.createElement('div'))
            s.textContent = n.value
          }
    }
    mountStyles() {
      this.styleModules = this.state.facet(Fi)
      const e = this.state.facet(w.cspNonce)
      Fe.mount(this.root, this.styleModules.concat(gm).reverse(), e ? { nonce: e } : void 0)
    }
    readMeasured() {
      if (this.updateState == 2) throw Error("Reading the editor layout isn't allowed during an update")
      if (this.updateState == 0 && this.measureScheduled > -1) this.measure(!1)
    }
    requestMeasure(e) {
      if (this.measureScheduled < 0) this.measureScheduled = this.win.requestAnimationFrame(() => this.measure())
      if (e) {
        if (this.measureRequests.indexOf(e) > -1) return
        if (e.key != null) {
          for (let t = 0; t < this.measureRequests.length; t++)
            if (this.measureRequests[t].key === e.key) {
              this.measureRequests[t] = e
              return
            }
        }
        this.measureRequests.push(e)
      }
    }
    plugin(e) {
      let t = this.pluginMap.get(e)
      if (t === void 0 || (t && t.plugin != e))
        this.pluginMap.set(e, (t = this.plugins.find((i) => i.plugin == e) || null))
      return t && t.update(this).value
    }
    get documentTop() {
      return this.contentDOM.getBoundingClientRect().top + this.viewState.paddingTop
    }
    get documentPadding() {
      return { top: this.viewState.paddingTop, bottom: this.viewState.paddingBottom }
    }
    get scaleX() {
      return this.viewState.scaleX
    }
    get scaleY() {
      return this.viewState.scaleY
    }
    elementAtHeight(e) {
      return (this.readMeasured(), this.viewState.elementAtHeight(e))
    }
    lineBlockAtHeight(e) {
      return (this.readMeasured(), this.viewState.lineBlockAtHeight(e))
    }
    get viewportLineBlocks() {
      return this.viewState.viewportLines
    }
    lineBlockAt(e) {
      return this.viewState.lineBlockAt(e)
    }
    get contentHeight() {
      return this.viewState.contentHeight
    }
    moveByChar(e, t, i) {
      return Ur(this, e, nh(this, e, t, i))
    }
    moveByGroup(e, t) {
      return Ur(
        this,
        e,
        nh(this, e, t, (i) => YO(this, e.head, i)),
      )
    }
    visualLineSide(e, t) {
      return t ? b.cursor(e.to, 1) : b.cursor(e.from, -1)
    }
    moveToLineBoundary(e, t, i = !0) {
      return WO(this, e, t, i)
    }
    moveVertically(e, t, i) {
      return Ur(this, e, zO(this, e, t, i))
    }
    domAtPos(e, t = 1) {
      return this.docView.domAtPos(e, t)
    }
    posAtDOM(e, t = 0) {
      return this.docView.posFromDOM(e, t)
    }
    posAtCoords(e, t = !0) {
      this.readMeasured()
      const i = ho(this, e, t)
      return i && i.pos
    }
    posAndSideAtCoords(e, t = !0) {
      return (this.readMeasured(), ho(this, e, t))
    }
    coordsAtPos(e, t = 1) {
      this.readMeasured()
      const i = this.state.doc.lineAt(e),
        n = this.bidiSpans(i),
        s = n[et.find(n, e - i.from, -1, t)]
      if (i.length && ((e == i.from && t < 0) || (e == i.to && t > 0)) && s.dir != this.textDirectionAt(i.from))
        if (e == i.to) (e = i.from + s.from), (t = 1)
        else (e = i.from + s.to), (t = -1)
      return this.docView.coordsAt(e, t, s.dir == B.RTL)
    }
    coordsForChar(e) {
      return (this.readMeasured(), this.docView.coordsForChar(e))
    }
    get defaultCharacterWidth() {
      return this.viewState.heightOracle.charWidth
    }
    get defaultLineHeight() {
      return this.viewState.heightOracle.lineHeight
    }
    get textDirection() {
      return this.viewState.defaultTextDirection
    }
    textDirectionAt(e) {
      if (!this.state.facet(Jh) || e < this.viewport.from || e > this.viewport.to) return this.textDirection
      return (this.readMeasured(), this.docView.textDirectionAt(e))
    }
    get lineWrapping() {
      return this.viewState.heightOracle.lineWrapping
    }
    bidiSpans(e) {
      if (e.length > xm) return qh(e.length)
      let t = this.textDirectionAt(e.from),
        i
      for (const s of this.bidiCache)
        if (s.from == e.from && s.dir == t && (s.fresh || Ih(s.isolates, (i = eh(this, e))))) return s.order
      if (!i) i = eh(this, e)
      const n = xO(e.text, t, i)
      return (this.bidiCache.push(new Qs(e.from, e.to, t, i, !0, n)), n)
    }
    get hasFocus() {
      var e
      return (
        (this.dom.ownerDocument.hasFocus() ||
          (C.safari &&
            ((e = this.inputState) === null || e === void 0 ? void 0 : e.lastContextMenu) > Date.now() - 30000)) &&
        this.root.activeElement == this.contentDOM
      )
    }
    focus() {
      this.observer.ignore(() => {
        jh(this.contentDOM), this.docView.updateSelection()
      })
    }
    setRoot(e) {
      if (this._root != e)
        (this._root = e),
          this.observer.setWindow((e.nodeType == 9 ? e : e.ownerDocument).defaultView || window),
          this.mountStyles()
    }
    destroy() {
      if (this.root.activeElement == this.contentDOM) this.contentDOM.blur()
      for (const e of this.plugins) e.destroy(this)
      if (
        ((this.plugins = []),
        this.inputState.destroy(),
        this.docView.destroy(),
        this.dom.remove(),
        this.observer.destroy(),
        this.win.clearTimeout(this.clearAnnouncement),
        this.measureScheduled > -1)
      )
        this.win.cancelAnimationFrame(this.measureScheduled)
      this.destroyed = !0
    }
    static scrollIntoView(e, t = {}) {
      var i, n, s, r
      return Fn.of(
        new ui(
          typeof e == 'number' ? b.cursor(e) : e,
          (i = t.y) !== null && i !== void 0 ? i : 'nearest',
          (n = t.x) !== null && n !== void 0 ? n : 'nearest',
          (s = t.yMargin) !== null && s !== void 0 ? s : 5,
          (r = t.xMargin) !== null && r !== void 0 ? r : 5,
        ),
      )
    }
    scrollSnapshot() {
      const { scrollTop: e, scrollLeft: t } = this.scrollDOM,
        i = this.viewState.scrollAnchorAt(e)
      return Fn.of(new ui(b.cursor(i.from), 'start', 'start', i.top - e, t, !0))
    }
    setTabFocusMode(e) {
      if (e == null) this.inputState.tabFocusMode = this.inputState.tabFocusMode < 0 ? 0 : -1
      else if (typeof e == 'boolean') this.inputState.tabFocusMode = e ? 0 : -1
      else if (this.inputState.tabFocusMode != 0) this.inputState.tabFocusMode = Date.now() + e
    }
    static domEventHandlers(e) {
      return K.define(() => ({}), { eventHandlers: e })
    }
    static domEventObservers(e) {
      return K.define(() => ({}), { eventObservers: e })
    }
    static theme(e, t) {
      const i = Fe.newName(),
        n = [ts.of(i), Fi.of(bo(`.${i}`, e))]
      if (t && t.dark) n.push(mo.of(!0))
      return n
    }
    static baseTheme(e) {
      return Ye.lowest(Fi.of(bo('.' + go, e, Yc)))
    }
    static findFromDOM(e) {
      var t
      const i = e.querySelector('.cm-content'),
        n = (i && te.get(i)) || te.get(e)
      return ((t = n === null || n === void 0 ? void 0 : n.root) === null || t === void 0 ? void 0 : t.view) || null
    }
  }
  w.styleModule = Fi
  w.inputHandler = Hh
  w.clipboardInputFilter = Zo
  w.clipboardOutputFilter = Ao
  w.scrollHandler = tc
  w.focusChangeEffect = Kh
  w.perLineTextDirection = Jh
  w.exceptionSink = Fh
  w.updateListener = ro
  w.editable = yt
  w.mouseSelectionStyle = Gh
  w.dragMovesSelection = Nh
  w.clickAddsSelectionRange = Vh
  w.decorations = vs
  w.blockWrappers = sc
  w.outerDecorations = Mo
  w.atomicRanges = un
  w.bidiIsolatedRanges = rc
  w.cursorScrollMargin = k.define({
    combine: (e) => {
      let t = 5,
        i = 5
      for (const n of e)
        if (typeof n == 'number') t = i = n
        else ({ x: t, y: i } = n)
      return { x: t, y: i }
    },
  })
  w.scrollMargins = lc
  w.darkTheme = mo
  w.cspNonce = k.define({ combine: (e) => (e.length ? e[0] : '') })
  w.contentAttributes = Xo
  w.editorAttributes = nc
  w.lineWrapping = w.contentAttributes.of({ class: 'cm-lineWrapping' })
  w.announce = M.define()
  var xm = 4096,
    gh = {}
  class Qs {
    constructor(e, t, i, n, s, r) {
      ;(this.from = e), (this.to = t), (this.dir = i), (this.isolates = n), (this.fresh = s), (this.order = r)
    }
    static update(e, t) {
      if (t.empty && !e.some((s) => s.fresh)) return e
      const i = [],
        n = e.length ? e[e.length - 1].dir : B.LTR
      for (let s = Math.max(0, e.length - 10); s < e.length; s++) {
        const r = e[s]
        if (r.dir == n && !t.touchesRange(r.from, r.to))
          i.push(new Qs(t.mapPos(r.from, 1), t.mapPos(r.to, -1), r.dir, r.isolates, !1, r.order))
      }
      return i
    }
  }
  function bh(e, t, i) {
    for (let n = e.state.facet(t), s = n.length - 1; s >= 0; s--) {
      const r = n[s],
        o = typeof r == 'function' ? r(e) : r
      if (o) $o(o, i)
    }
    return i
  }
  var Sm = C.mac ? 'mac' : C.windows ? 'win' : C.linux ? 'linux' : 'key'
  function Qm(e, t) {
    let i = e.split(/-(?!$)/),
      n = i[i.length - 1]
    if (n == 'Space') n = ' '
    let s, r, o, l
    for (let a = 0; a < i.length - 1; ++a) {
      const h = i[a]
      if (/^(cmd|meta|m)$/i.test(h)) l = !0
      else if (/^a(lt)?$/i.test(h)) s = !0
      else if (/^(c|ctrl|control)$/i.test(h)) r = !0
      else if (/^s(hift)?$/i.test(h)) o = !0
      else if (/^mod$/i.test(h))
        if (t == 'mac') l = !0
        else r = !0
      else throw Error('Unrecognized modifier name: ' + h)
    }
    if (s) n = 'Alt-' + n
    if (r) n = 'Ctrl-' + n
    if (l) n = 'Meta-' + n
    if (o) n = 'Shift-' + n
    return n
  }
  function is(e, t, i) {
    if (t.altKey) e = 'Alt-' + e
    if (t.ctrlKey) e = 'Ctrl-' + e
    if (t.metaKey) e = 'Meta-' + e
    if (i !== !1 && t.shiftKey) e = 'Shift-' + e
    return e
  }
  var wm = Ye.default(
      w.domEventHandlers({
        keydown(e, t) {
          return Uc(Ic(t.state), e, t, 'editor')
        },
      }),
    ),
    bi = k.define({ enables: wm }),
    yh = new WeakMap()
  function Ic(e) {
    let t = e.facet(bi),
      i = yh.get(t)
    if (!i) yh.set(t, (i = vm(t.reduce((n, s) => n.concat(s), []))))
    return i
  }
  function qc(e, t, i) {
    return Uc(Ic(e.state), t, e, i)
  }
  var Ct = null,
    km = 4000
  function vm(e, t = Sm) {
    const i = Object.create(null),
      n = Object.create(null),
      s = (o, l) => {
        const a = n[o]
        if (a == null) n[o] = l
        else if (a != l)
          throw Error('Key binding ' + o + ' is used both as a regular binding and as a multi-stroke prefix')
      },
      r = (o, l, a, h, c) => {
        var f, u
        const d = i[o] || (i[o] = Object.create(null)),
          p = l.split(/ (?!$)/).map((y) => Qm(y, t))
        for (let y = 1; y < p.length; y++) {
          const x = p.slice(0, y).join(' ')
          if ((s(x, !0), !d[x]))
            d[x] = {
              preventDefault: !0,
              stopPropagation: !1,
              run: [
                (Q) => {
                  const P = (Ct = { view: Q, prefix: x, scope: o })
                  return (
                    setTimeout(() => {
                      if (Ct == P) Ct = null
                    }, km),
                    !0
                  )
                },
              ],
            }
        }
        const O = p.join(' ')
        s(O, !1)
        const m =
          d[O] ||
          (d[O] = {
            preventDefault: !1,
            stopPropagation: !1,
            run:
              ((u = (f = d._any) === null || f === void 0 ? void 0 : f.run) === null || u === void 0
                ? void 0
                : u.slice()) || [],
          })
        if (a) m.run.push(a)
        if (h) m.preventDefault = !0
        if (c) m.stopPropagation = !0
      }
    for (const o of e) {
      const l = o.scope ? o.scope.split(' ') : ['editor']
      if (o.any)
        for (const h of l) {
          const c = i[h] || (i[h] = Object.create(null))
          if (!c._any) c._any = { preventDefault: !1, stopPropagation: !1, run: [] }
          const { any: f } = o
          for (const u in c) c[u].run.push((d) => f(d, yo))
        }
      const a = o[t] || o.key
      if (!a) continue
      for (const h of l)
        if ((r(h, a, o.run, o.preventDefault, o.stopPropagation), o.shift))
          r(h, 'Shift-' + a, o.shift, o.preventDefault, o.stopPropagation)
    }
    return i
  }
  var yo = null
  function Uc(e, t, i, n) {
    yo = t
    let s = Ua(t),
      r = fe(s, 0),
      o = Re(r) == s.length && s != ' ',
      l = '',
      a = !1,
      h = !1,
      c = !1
    if (Ct && Ct.view == i && Ct.scope == n) {
      if (((l = Ct.prefix + ' '), $c.indexOf(t.keyCode) < 0)) (h = !0), (Ct = null)
    }
    let f = new Set(),
      u = (m) => {
        if (m) {
          for (const y of m.run)
            if (!f.has(y)) {
              if ((f.add(y), y(i))) {
                if (m.stopPropagation) c = !0
                return !0
              }
            }
          if (m.preventDefault) {
            if (m.stopPropagation) c = !0
            h = !0
          }
        }
        return !1
      },
      d = e[n],
      p,
      O
    if (d) {
      if (u(d[l + is(s, t, !o)])) a = !0
      else if (
        o &&
        (t.altKey || t.metaKey || t.ctrlKey) &&
        !(C.windows && t.ctrlKey && t.altKey) &&
        !(C.mac && t.altKey && !(t.ctrlKey || t.metaKey)) &&
        (p = bt[t.keyCode]) &&
        p != s
      ) {
        if (u(d[l + is(p, t, !0)])) a = !0
        else if (t.shiftKey && (O = oi[t.keyCode]) != s && O != p && u(d[l + is(O, t, !1)])) a = !0
      } else if (o && t.shiftKey && u(d[l + is(s, t, !0)])) a = !0
      if (!a && u(d._any)) a = !0
    }
    if (h) a = !0
    if (a && c) t.stopPropagation()
    return ((yo = null), a)
  }
  class Wt {
    constructor(e, t, i, n, s) {
      ;(this.className = e), (this.left = t), (this.top = i), (this.width = n), (this.height = s)
    }
    draw() {
      const e = document.createElement('div')
      return ((e.className = this.className), this.adjust(e), e)
    }
    update(e, t) {
      if (t.className != this.className) return !1
      return (this.adjust(e), !0)
    }
    adjust(e) {
      if (((e.style.left = this.left + 'px'), (e.style.top = this.top + 'px'), this.width != null))
        e.style.width = this.width + 'px'
      e.style.height = this.height + 'px'
    }
    eq(e) {
      return (
        this.left == e.left &&
        this.top == e.top &&
        this.width == e.width &&
        this.height == e.height &&
        this.className == e.className
      )
    }
    static forRange(e, t, i) {
      if (i.empty) {
        const n = e.coordsAtPos(i.head, i.assoc || 1)
        if (!n) return []
        const s = Vc(e)
        return [new Wt(t, n.left - s.left, n.top - s.top, null, n.bottom - n.top)]
      } else return $m(e, t, i)
    }
  }
  function Vc(e) {
    const t = e.scrollDOM.getBoundingClientRect()
    return {
      left:
        (e.textDirection == B.LTR ? t.left : t.right - e.scrollDOM.clientWidth * e.scaleX) -
        e.scrollDOM.scrollLeft * e.scaleX,
      top: t.top - e.scrollDOM.scrollTop * e.scaleY,
    }
  }
  function xh(e, t, i, n) {
    const s = e.coordsAtPos(t, i * 2)
    if (!s) return n
    const r = e.dom.getBoundingClientRect(),
      o = (s.top + s.bottom) / 2,
      l = e.posAtCoords({ x: r.left + 1, y: o }),
      a = e.posAtCoords({ x: r.right - 1, y: o })
    if (l == null || a == null) return n
    return { from: Math.max(n.from, Math.min(l, a)), to: Math.min(n.to, Math.max(l, a)) }
  }
  function $m(e, t, i) {
    if (i.to <= e.viewport.from || i.from >= e.viewport.to) return []
    let n = Math.max(i.from, e.viewport.from),
      s = Math.min(i.to, e.viewport.to),
      r = e.textDirection == B.LTR,
      o = e.contentDOM,
      l = o.getBoundingClientRect(),
      a = Vc(e),
      h = o.querySelector('.cm-line'),
      c = h && window.getComputedStyle(h),
      f = l.left + (c ? parseInt(c.paddingLeft) + Math.min(0, parseInt(c.textIndent)) : 0),
      u = l.right - (c ? parseInt(c.paddingRight) : 0),
      d = ao(e, n, 1),
      p = ao(e, s, -1),
      O = d.type == Oe.Text ? d : null,
      m = p.type == Oe.Text ? p : null
    if (O && (e.lineWrapping || d.widgetLineBreaks)) O = xh(e, n, 1, O)
    if (m && (e.lineWrapping || p.widgetLineBreaks)) m = xh(e, s, -1, m)
    if (O && m && O.from == m.from && O.to == m.to) return x(Q(i.from, i.to, O))
    else {
      const S = O ? Q(i.from, null, O) : P(d, !1),
        A = m ? Q(null, i.to, m) : P(p, !0),
        Z = []
      if (
        (O || d).to < (m || p).from - (O && m ? 1 : 0) ||
        (d.widgetLineBreaks > 1 && S.bottom + e.defaultLineHeight / 2 < A.top)
      )
        Z.push(y(f, S.bottom, u, A.top))
      else if (S.bottom < A.top && e.elementAtHeight((S.bottom + A.top) / 2).type == Oe.Text)
        S.bottom = A.top = (S.bottom + A.top) / 2
      return x(S).concat(Z).concat(x(A))
    }
    function y(S, A, Z, L) {
      return new Wt(t, S - a.left, A - a.top, Math.max(0, Z - S), L - A)
    }
    function x({ top: S, bottom: A, horizontal: Z }) {
      const L = []
      for (let E = 0; E < Z.length; E += 2) L.push(y(Z[E], S, Z[E + 1], A))
      return L
    }
    function Q(S, A, Z) {
      let L = 1e9,
        E = -1e9,
        U = []
      function D(z, F, me, Xe, rt) {
        const ce = e.coordsAtPos(z, z == Z.to ? -2 : 2),
          Ee = e.coordsAtPos(me, me == Z.from ? 2 : -2)
        if (!ce || !Ee) return
        if (((L = Math.min(ce.top, Ee.top, L)), (E = Math.max(ce.bottom, Ee.bottom, E)), rt == B.LTR))
          U.push(r && F ? f : ce.left, r && Xe ? u : Ee.right)
        else U.push(!r && Xe ? f : Ee.left, !r && F ? u : ce.right)
      }
      const R = S !== null && S !== void 0 ? S : Z.from,
        I = A !== null && A !== void 0 ? A : Z.to
      for (const z of e.visibleRanges)
        if (z.to > R && z.from < I)
          for (let F = Math.max(z.from, R), me = Math.min(z.to, I); ; ) {
            const Xe = e.state.doc.lineAt(F)
            for (const rt of e.bidiSpans(Xe)) {
              const ce = rt.from + Xe.from,
                Ee = rt.to + Xe.from
              if (ce >= me) break
              if (Ee > F) D(Math.max(ce, F), S == null && ce <= R, Math.min(Ee, me), A == null && Ee >= I, rt.dir)
            }
            if (((F = Xe.to + 1), F >= me)) break
          }
      if (U.length == 0) D(R, S == null, I, A == null, e.textDirection)
      return { top: L, bottom: E, horizontal: U }
    }
    function P(S, A) {
      const Z = l.top + (A ? S.top : S.bottom)
      return { top: Z, bottom: Z, horizontal: [] }
    }
  }
  function Pm(e, t) {
    return e.constructor == t.constructor && e.eq(t)
  }
  class Nc {
    constructor(e, t) {
      if (
        ((this.view = e),
        (this.layer = t),
        (this.drawn = []),
        (this.scaleX = 1),
        (this.scaleY = 1),
        (this.measureReq = { read: this.measure.bind(this), write: this.draw.bind(this) }),
        (this.dom = e.scrollDOM.appendChild(document.createElement('div'))),
        this.dom.classList.add('cm-layer'),
        t.above)
      )
        this.dom.classList.add('cm-layer-above')
      if (t.class) this.dom.classList.add(t.class)
      if (
        (this.scale(),
        this.dom.setAttribute('aria-hidden', 'true'),
        this.setOrder(e.state),
        e.requestMeasure(this.measureReq),
        t.mount)
      )
        t.mount(this.dom, e)
    }
    update(e) {
      if (e.startState.facet(cs) != e.state.facet(cs)) this.setOrder(e.state)
      if (this.layer.update(e, this.dom) || e.geometryChanged) this.scale(), e.view.requestMeasure(this.measureReq)
    }
    docViewUpdate(e) {
      if (this.layer.updateOnDocViewUpdate !== !1) e.requestMeasure(this.measureReq)
    }
    setOrder(e) {
      let t = 0,
        i = e.facet(cs)
      while (t < i.length && i[t] != this.layer) t++
      this.dom.style.zIndex = String((this.layer.above ? 150 : -1) - t)
    }
    measure() {
      return this.layer.markers(this.view)
    }
    scale() {
      const { scaleX: e, scaleY: t } = this.view
      if (e != this.scaleX || t != this.scaleY)
        (this.scaleX = e), (this.scaleY = t), (this.dom.style.transform = `scale(${1 / e}, ${1 / t})`)
    }
    draw(e) {
      if (e.length != this.drawn.length || e.some((t, i) => !Pm(t, this.drawn[i]))) {
        let t = this.dom.firstChild,
          i = 0
        for (const n of e)
          if (n.update && t && n.constructor && this.drawn[i].constructor && n.update(t, this.drawn[i]))
            (t = t.nextSibling), i++
          else this.dom.insertBefore(n.draw(), t)
        while (t) {
          const n = t.nextSibling
          t.remove(), (t = n)
        }
        if (((this.drawn = e), C.webkit)) this.dom.style.display = this.dom.firstChild ? '' : 'none'
      }
    }
    destroy() {
      if (this.layer.destroy) this.layer.destroy(this.dom, this.view)
      this.dom.remove()
    }
  }
  var cs = k.define()
  function Gc(e) {
    return [K.define((t) => new Nc(t, e)), cs.of(e)]
  }
  var xo = !C.ios,
    gi = k.define({
      combine(e) {
        return ue(
          e,
          { cursorBlinkRate: 1200, drawRangeCursor: !0, iosSelectionHandles: !0 },
          { cursorBlinkRate: (t, i) => Math.min(t, i), drawRangeCursor: (t, i) => t || i },
        )
      },
    })
  function Fc(e = {}) {
    return [gi.of(e), Cm, Zm, Xm, ec.of(!0)]
  }
  function Hc(e) {
    return e.startState.facet(gi) != e.state.facet(gi)
  }
  var Cm = Gc({
    above: !0,
    markers(e) {
      const { state: t } = e,
        i = t.facet(gi),
        n = []
      for (const s of t.selection.ranges) {
        const r = s == t.selection.main
        if (s.empty || (i.drawRangeCursor && !(r && C.ios && i.iosSelectionHandles))) {
          const o = r ? 'cm-cursor cm-cursor-primary' : 'cm-cursor cm-cursor-secondary',
            l = s.empty ? s : b.cursor(s.head, s.assoc)
          for (const a of Wt.forRange(e, o, l)) n.push(a)
        }
      }
      return n
    },
    update(e, t) {
      if (e.transactions.some((n) => n.selection))
        t.style.animationName = t.style.animationName == 'cm-blink' ? 'cm-blink2' : 'cm-blink'
      const i = Hc(e)
      if (i) Sh(e.state, t)
      return e.docChanged || e.selectionSet || i
    },
    mount(e, t) {
      Sh(t.state, e)
    },
    class: 'cm-cursorLayer',
  })
  function Sh(e, t) {
    t.style.animationDuration = e.facet(gi).cursorBlinkRate + 'ms'
  }
  var Zm = Gc({
      above: !1,
      markers(e) {
        const t = [],
          { main: i, ranges: n } = e.state.selection
        for (const s of n)
          if (!s.empty && (xo || s != i)) for (const r of Wt.forRange(e, 'cm-selectionBackground', s)) t.push(r)
        if (C.ios && !i.empty && e.state.facet(gi).iosSelectionHandles) {
          for (const s of Wt.forRange(e, 'cm-selectionHandle cm-selectionHandle-start', b.cursor(i.from, 1))) t.push(s)
          for (const s of Wt.forRange(e, 'cm-selectionHandle cm-selectionHandle-end', b.cursor(i.to, 1))) t.push(s)
        }
        return t
      },
      update(e, t) {
        return e.docChanged || e.selectionSet || e.viewportChanged || Hc(e)
      },
      class: 'cm-selectionLayer',
    }),
    Am = C.gecko && C.gecko_version == 153 ? '#ffffff01' : 'transparent',
    Xm = Ye.highest(
      w.theme({
        '.cm-line': {
          ...(xo ? { '& ::selection, &::selection': { backgroundColor: `${Am} !important` } } : {}),
          caretColor: 'transparent !important',
        },
        '.cm-content': {
          caretColor: 'transparent !important',
          '& :focus': {
            caretColor: 'initial !important',
            ...(xo ? { '&::selection, & ::selection': { backgroundColor: 'Highlight !important' } } : {}),
          },
        },
      }),
    ),
    Kc = M.define({
      map(e, t) {
        return e == null ? null : t.mapPos(e)
      },
    }),
    Ji = H.define({
      create() {
        return null
      },
      update(e, t) {
        if (e != null) e = t.changes.mapPos(e)
        return t.effects.reduce((i, n) => (n.is(Kc) ? n.value : i), e)
      },
    }),
    Mm = K.fromClass(
      class {
        constructor(e) {
          ;(this.view = e),
            (this.cursor = null),
            (this.measureReq = { read: this.readPos.bind(this), write: this.drawCursor.bind(this) })
        }
        update(e) {
          var t
          const i = e.state.field(Ji)
          if (i == null) {
            if (this.cursor != null) (t = this.cursor) === null || t === void 0 || t.remove(), (this.cursor = null)
          } else {
            if (!this.cursor)
              (this.cursor = this.view.scrollDOM.appendChild(document.createElement('div'))),
                (this.cursor.className = 'cm-dropCursor')
            if (e.startState.field(Ji) != i || e.docChanged || e.geometryChanged)
              this.view.requestMeasure(this.measureReq)
          }
        }
        readPos() {
          const { view: e } = this,
            t = e.state.field(Ji),
            i = t != null && e.coordsAtPos(t)
          if (!i) return null
          const n = e.scrollDOM.getBoundingClientRect()
          return {
            left: i.left - n.left + e.scrollDOM.scrollLeft * e.scaleX,
            top: i.top - n.top + e.scrollDOM.scrollTop * e.scaleY,
            height: i.bottom - i.top,
          }
        }
        drawCursor(e) {
          if (this.cursor) {
            const { scaleX: t, scaleY: i } = this.view
            if (e)
              (this.cursor.style.left = e.left / t + 'px'),
                (this.cursor.style.top = e.top / i + 'px'),
                (this.cursor.style.height = e.height / i + 'px')
            else this.cursor.style.left = '-100000px'
          }
        }
        destroy() {
          if (this.cursor) this.cursor.remove()
        }
        setDropPos(e) {
          if (this.view.state.field(Ji) != e) this.view.dispatch({ effects: Kc.of(e) })
        }
      },
      {
        eventObservers: {
          dragover(e) {
            this.setDropPos(this.view.posAtCoords({ x: e.clientX, y: e.clientY }))
          },
          dragleave(e) {
            if (e.target == this.view.contentDOM || !this.view.contentDOM.contains(e.relatedTarget))
              this.setDropPos(null)
          },
          dragend() {
            this.setDropPos(null)
          },
          drop() {
            this.setDropPos(null)
          },
        },
      },
    )
  function Jc() {
    return [Ji, Mm]
  }
  function Qh(e, t, i, n, s) {
    t.lastIndex = 0
    for (let r = e.iterRange(i, n), o = i, l; !r.next().done; o += r.value.length)
      if (!r.lineBreak) while ((l = t.exec(r.value))) s(o + l.index, l)
  }
  function Rm(e, t) {
    const i = e.visibleRanges
    if (i.length == 1 && i[0].from == e.viewport.from && i[0].to == e.viewport.to) return i
    const n = []
    for (let { from: s, to: r } of i)
      if (
        ((s = Math.max(e.state.doc.lineAt(s).from, s - t)),
        (r = Math.min(e.state.doc.lineAt(r).to, r + t)),
        n.length && n[n.length - 1].to >= s)
      )
        n[n.length - 1].to = r
      else n.push({ from: s, to: r })
    return n
  }
  class ef {
    constructor(e) {
      const { regexp: t, decoration: i, decorate: n, boundary: s, maxLength: r = 1000 } = e
      if (!t.global) throw RangeError("The regular expression given to MatchDecorator should have its 'g' flag set")
      if (((this.regexp = t), n)) this.addMatch = (o, l, a, h) => n(h, a, a + o[0].length, o, l)
      else if (typeof i == 'function')
        this.addMatch = (o, l, a, h) => {
          const c = i(o, l, a)
          if (c) h(a, a + o[0].length, c)
        }
      else if (i) this.addMatch = (o, l, a, h) => h(a, a + o[0].length, i)
      else throw RangeError("Either 'decorate' or 'decoration' should be provided to MatchDecorator")
      ;(this.boundary = s), (this.maxLength = r)
    }
    createDeco(e) {
      const t = new $e(),
        i = t.add.bind(t)
      for (const { from: n, to: s } of Rm(e, this.maxLength))
        Qh(e.state.doc, this.regexp, n, s, (r, o) => this.addMatch(o, e, r, i))
      return t.finish()
    }
    updateDeco(e, t) {
      let i = 1e9,
        n = -1
      if (e.docChanged)
        e.changes.iterChanges((s, r, o, l) => {
          if (l >= e.view.viewport.from && o <= e.view.viewport.to) (i = Math.min(o, i)), (n = Math.max(l, n))
        })
      if (e.viewportMoved || n - i > 1000) return this.createDeco(e.view)
      if (n > -1) return this.updateRange(e.view, t.map(e.changes), i, n)
      return t
    }
    updateRange(e, t, i, n) {
      for (const s of e.visibleRanges) {
        let r = Math.max(s.from, i),
          o = Math.min(s.to, n)
        if (o >= r) {
          let l = e.state.doc.lineAt(r),
            a = l.to < o ? e.state.doc.lineAt(o) : l,
            h = Math.max(s.from, l.from),
            c = Math.min(s.to, a.to)
          if (this.boundary) {
            for (; r > l.from; r--)
              if (this.boundary.test(l.text[r - 1 - l.from])) {
                h = r
                break
              }
            for (; o < a.to; o++)
              if (this.boundary.test(a.text[o - a.from])) {
                c = o
                break
              }
          }
          let f = [],
            u,
            d = (p, O, m) => f.push(m.range(p, O))
          if (l == a) {
            this.regexp.lastIndex = h - l.from
            while ((u = this.regexp.exec(l.text)) && u.index < c - l.from) this.addMatch(u, e, u.index + l.from, d)
          } else Qh(e.state.doc, this.regexp, h, c, (p, O) => this.addMatch(O, e, p, d))
          t = t.update({ filterFrom: h, filterTo: c, filter: (p, O) => p < h || O > c, add: f })
        }
      }
      return t
    }
  }
  var So = /x/.unicode != null ? 'gu' : 'g',
    Tm = new RegExp(
      `[\x00-\b
-\x1F-­؜​‎‏\u2028\u2029‭‮⁦⁧⁩\uFEFF￹-￼]`,
      So,
    ),
    _m = {
      0: 'null',
      7: 'bell',
      8: 'backspace',
      10: 'newline',
      11: 'vertical tab',
      13: 'carriage return',
      27: 'escape',
      8203: 'zero width space',
      8204: 'zero width non-joiner',
      8205: 'zero width joiner',
      8206: 'left-to-right mark',
      8207: 'right-to-left mark',
      8232: 'line separator',
      8237: 'left-to-right override',
      8238: 'right-to-left override',
      8294: 'left-to-right isolate',
      8295: 'right-to-left isolate',
      8297: 'pop directional isolate',
      8233: 'paragraph separator',
      65279: 'zero width no-break space',
      65532: 'object replacement',
    },
    Nr = null
  function Lm() {
    var e
    if (Nr == null && typeof document < 'u' && document.body) {
      const t = document.body.style
      Nr = ((e = t.tabSize) !== null && e !== void 0 ? e : t.MozTabSize) != null
    }
    return Nr || !1
  }
  var fs = k.define({
    combine(e) {
      const t = ue(e, { render: null, specialChars: Tm, addSpecialChars: null })
      if ((t.replaceTabs = !Lm())) t.specialChars = new RegExp('\t|' + t.specialChars.source, So)
      if (t.addSpecialChars) t.specialChars = new RegExp(t.specialChars.source + '|' + t.addSpecialChars.source, So)
      return t
    },
  })
  function tf(e = {}) {
    return [fs.of(e), Dm()]
  }
  var wh = null
  function Dm() {
    return (
      wh ||
      (wh = K.fromClass(
        class {
          constructor(e) {
            ;(this.view = e),
              (this.decorations = X.none),
              (this.decorationCache = Object.create(null)),
              (this.decorator = this.makeDecorator(e.state.facet(fs))),
              (this.decorations = this.decorator.createDeco(e))
          }
          makeDecorator(e) {
            return new ef({
              regexp: e.specialChars,
              decoration: (t, i, n) => {
                const { doc: s } = i.state,
                  r = fe(t[0], 0)
                if (r == 9) {
                  const o = s.lineAt(n),
                    l = i.state.tabSize,
                    a = gt(o.text, l, n - o.from)
                  return X.replace({
                    widget: new sf(((l - (a % l)) * this.view.defaultCharacterWidth) / this.view.scaleX),
                  })
                }
                return this.decorationCache[r] || (this.decorationCache[r] = X.replace({ widget: new nf(e, r) }))
              },
              boundary: e.replaceTabs ? void 0 : /[^]/,
            })
          }
          update(e) {
            const t = e.state.facet(fs)
            if (e.startState.facet(fs) != t)
              (this.decorator = this.makeDecorator(t)), (this.decorations = this.decorator.createDeco(e.view))
            else this.decorations = this.decorator.updateDeco(e, this.decorations)
          }
        },
        { decorations: (e) => e.decorations },
      ))
    )
  }
  var jm = '•'
  function Em(e) {
    if (e >= 32) return jm
    if (e == 10) return '␤'
    return String.fromCharCode(9216 + e)
  }
  class nf extends Ce {
    constructor(e, t) {
      super()
      ;(this.options = e), (this.code = t)
    }
    eq(e) {
      return e.code == this.code
    }
    toDOM(e) {
      const t = Em(this.code),
        i = e.state.phrase('Control character') + ' ' + (_m[this.code] || '0x' + this.code.toString(16)),
        n = this.options.render && this.options.render(this.code, i, t)
      if (n) return n
      const s = document.createElement('span')
      return ((s.textContent = t), (s.title = i), s.setAttribute('aria-label', i), (s.className = 'cm-specialChar'), s)
    }
    ignoreEvent() {
      return !1
    }
  }
  class sf extends Ce {
    constructor(e) {
      super()
      this.width = e
    }
    eq(e) {
      return e.width == this.width
    }
    toDOM() {
      const e = document.createElement('span')
      return ((e.textContent = '\t'), (e.className = 'cm-tab'), (e.style.width = this.width + 'px'), e)
    }
    ignoreEvent() {
      return !1
    }
  }
  function rf() {
    return Ym
  }
  var Wm = X.line({ class: 'cm-activeLine' }),
    Ym = K.fromClass(
      class {
        constructor(e) {
          this.decorations = this.getDeco(e)
        }
        update(e) {
          if (e.docChanged || e.selectionSet) this.decorations = this.getDeco(e.view)
        }
        getDeco(e) {
          let t = -1,
            i = []
          for (const n of e.state.selection.ranges) {
            const s = e.lineBlockAt(n.head)
            if (s.from > t) i.push(Wm.range(s.from)), (t = s.from)
          }
          return X.set(i)
        }
      },
      { decorations: (e) => e.decorations },
    )
  var Qo = 2000
  function zm(e, t, i) {
    const n = Math.min(t.line, i.line),
      s = Math.max(t.line, i.line),
      r = []
    if (t.off > Qo || i.off > Qo || t.col < 0 || i.col < 0) {
      const o = Math.min(t.off, i.off),
        l = Math.max(t.off, i.off)
      for (let a = n; a <= s; a++) {
        const h = e.doc.line(a)
        if (h.length <= l) r.push(b.range(h.from + o, h.to + l))
      }
    } else {
      const o = Math.min(t.col, i.col),
        l = Math.max(t.col, i.col)
      for (let a = n; a <= s; a++) {
        const h = e.doc.line(a),
          c = Gn(h.text, o, e.tabSize, !0)
        if (c < 0) r.push(b.cursor(h.to))
        else {
          const f = Gn(h.text, l, e.tabSize)
          r.push(b.range(h.from + c, h.from + f))
        }
      }
    }
    return r
  }
  function Bm(e, t) {
    const i = e.coordsAtPos(e.viewport.from)
    return i ? Math.round(Math.abs((i.left - t) / e.defaultCharacterWidth)) : -1
  }
  function kh(e, t) {
    const i = e.posAtCoords({ x: t.clientX, y: t.clientY }, !1),
      n = e.state.doc.lineAt(i),
      s = i - n.from,
      r = s > Qo ? -1 : s == n.length ? Bm(e, t.clientX) : gt(n.text, e.state.tabSize, i - n.from)
    return { line: n.number, col: r, off: s }
  }
  function Im(e, t) {
    let i = kh(e, t),
      n = e.state.selection
    if (!i) return null
    return {
      update(s) {
        if (s.docChanged) {
          const r = s.changes.mapPos(s.startState.doc.line(i.line).from),
            o = s.state.doc.lineAt(r)
          ;(i = { line: o.number, col: i.col, off: Math.min(i.off, o.length) }), (n = n.map(s.changes))
        }
      },
      get(s, r, o) {
        const l = kh(e, s)
        if (!l) return n
        const a = zm(e.state, i, l)
        if (!a.length) return n
        if (o) return b.create(a.concat(n.ranges))
        else return b.create(a)
      },
    }
  }
  function of(e) {
    const t = (e === null || e === void 0 ? void 0 : e.eventFilter) || ((i) => i.altKey && i.button == 0)
    return w.mouseSelectionStyle.of((i, n) => (t(n) ? Im(i, n) : null))
  }
  var qm = {
      Alt: [18, (e) => !!e.altKey],
      Control: [17, (e) => !!e.ctrlKey],
      Shift: [16, (e) => !!e.shiftKey],
      Meta: [91, (e) => !!e.metaKey],
    },
    Um = { style: 'cursor: crosshair' }
  function lf(e = {}) {
    const [t, i] = qm[e.key || 'Alt'],
      n = K.fromClass(
        class {
          constructor(s) {
            ;(this.view = s), (this.isDown = !1)
          }
          set(s) {
            if (this.isDown != s) (this.isDown = s), this.view.update([])
          }
        },
        {
          eventObservers: {
            keydown(s) {
              this.set(s.keyCode == t || i(s))
            },
            keyup(s) {
              if (s.keyCode == t || !i(s)) this.set(!1)
            },
            mousemove(s) {
              this.set(i(s))
            },
          },
        },
      )
    return [
      n,
      w.contentAttributes.of((s) => {
        var r
        return ((r = s.plugin(n)) === null || r === void 0 ? void 0 : r.isDown) ? Um : null
      }),
    ]
  }
  var ns = '-10000px'
  class Do {
    constructor(e, t, i, n) {
      ;(this.facet = t),
        (this.createTooltipView = i),
        (this.removeTooltipView = n),
        (this.input = e.state.facet(t)),
        (this.tooltips = this.input.filter((r) => r))
      let s = null
      this.tooltipViews = this.tooltips.map((r) => (s = i(r, s)))
    }
    update(e, t) {
      var i
      const n = e.state.facet(this.facet),
        s = n.filter((l) => l)
      if (n === this.input) {
        for (const l of this.tooltipViews) if (l.update) l.update(e)
        return !1
      }
      const r = [],
        o = t ? [] : null
      for (let l = 0; l < s.length; l++) {
        let a = s[l],
          h = -1
        if (!a) continue
        for (let c = 0; c < this.tooltips.length; c++) {
          const f = this.tooltips[c]
          if (f && f.create == a.create) h = c
        }
        if (h < 0) {
          if (((r[l] = this.createTooltipView(a, l ? r[l - 1] : null)), o)) o[l] = !!a.above
        } else {
          const c = (r[l] = this.tooltipViews[h])
          if (o) o[l] = t[h]
          if (c.update) c.update(e)
        }
      }
      for (const l of this.tooltipViews)
        if (r.indexOf(l) < 0) this.removeTooltipView(l), (i = l.destroy) === null || i === void 0 || i.call(l)
      if (t) o.forEach((l, a) => (t[a] = l)), (t.length = o.length)
      return ((this.input = n), (this.tooltips = s), (this.tooltipViews = r), !0)
    }
  }
  function af(e) {
    const t = e.dom.ownerDocument.documentElement,
      i = t.clientWidth,
      n = getComputedStyle(t)
    if (!/stable/.test(n.scrollbarGutter || '')) return { left: 0, right: i }
    const s = t.getBoundingClientRect(),
      r = e.win.scrollX
    return {
      left: Math.max(0, s.left + r - parseFloat(n.marginLeft)),
      right: Math.min(i, s.right + r + parseFloat(n.marginRight)),
    }
  }
  function Vm(e) {
    const { left: t, right: i } = af(e)
    return { top: 0, left: t, right: i, bottom: e.dom.ownerDocument.documentElement.clientHeight }
  }
  var Gr = k.define({
      combine: (e) => {
        var t, i, n
        return {
          position: C.ios
            ? 'absolute'
            : ((t = e.find((s) => s.position)) === null || t === void 0 ? void 0 : t.position) || 'fixed',
          parent: ((i = e.find((s) => s.parent)) === null || i === void 0 ? void 0 : i.parent) || null,
          tooltipSpace: ((n = e.find((s) => s.tooltipSpace)) === null || n === void 0 ? void 0 : n.tooltipSpace) || Vm,
        }
      },
    }),
    vh = new WeakMap(),
    jo = K.fromClass(
      class {
        constructor(e) {
          ;(this.view = e),
            (this.above = []),
            (this.inView = !0),
            (this.madeAbsolute = !1),
            (this.lastTransaction = 0),
            (this.measureTimeout = -1)
          const t = e.state.facet(Gr)
          ;(this.position = t.position),
            (this.parent = t.parent),
            (this.classes = e.themeClasses),
            this.createContainer(),
            (this.measureReq = { read: this.readMeasure.bind(this), write: this.writeMeasure.bind(this), key: this }),
            (this.resizeObserver =
              typeof ResizeObserver == 'function' ? new ResizeObserver(() => this.measureSoon()) : null),
            (this.manager = new Do(
              e,
              yi,
              (i, n) => this.createTooltip(i, n),
              (i) => {
                if (this.resizeObserver) this.resizeObserver.unobserve(i.dom)
                i.dom.remove()
              },
            )),
            (this.above = this.manager.tooltips.map((i) => !!i.above)),
            (this.intersectionObserver =
              typeof IntersectionObserver == 'function'
                ? new IntersectionObserver(
                    (i) => {
                      if (
                        Date.now() > this.lastTransaction - 50 &&
                        i.length > 0 &&
                        i[i.length - 1].intersectionRatio < 1
                      )
                        this.measureSoon()
                    },
                    { threshold: [1] },
                  )
                : null),
            this.observeIntersection(),
            e.win.addEventListener('resize', (this.measureSoon = this.measureSoon.bind(this))),
            this.maybeMeasure()
        }
        createContainer() {
          if (this.parent)
            (this.container = document.createElement('div')),
              (this.container.style.position = 'relative'),
              (this.container.className = this.view.themeClasses),
              this.parent.appendChild(this.container)
          else this.container = this.view.dom
        }
        observeIntersection() {
          if (this.intersectionObserver) {
            this.intersectionObserver.disconnect()
            for (const e of this.manager.tooltipViews) this.intersectionObserver.observe(e.dom)
          }
        }
        measureSoon() {
          if (this.measureTimeout < 0)
            this.measureTimeout = setTimeout(() => {
              ;(this.measureTimeout = -1), this.maybeMeasure()
            }, 50)
        }
        update(e) {
          if (e.transactions.length) this.lastTransaction = Date.now()
          const t = this.manager.update(e, this.above)
          if (t) this.observeIntersection()
          let i = t || e.geometryChanged,
            n = e.state.facet(Gr)
          if (n.position != this.position && !this.madeAbsolute) {
            this.position = n.position
            for (const s of this.manager.tooltipViews) s.dom.style.position = this.position
            i = !0
          }
          if (n.parent != this.parent) {
            if (this.parent) this.container.remove()
            ;(this.parent = n.parent), this.createContainer()
            for (const s of this.manager.tooltipViews) this.container.appendChild(s.dom)
            i = !0
          } else if (this.parent && this.view.themeClasses != this.classes)
            this.classes = this.container.className = this.view.themeClasses
          if (i) this.maybeMeasure()
        }
        createTooltip(e, t) {
          const i = e.create(this.view),
            n = t ? t.dom : null
          if ((i.dom.classList.add('cm-tooltip'), e.arrow && !i.dom.querySelector('.cm-tooltip > .cm-tooltip-arrow'))) {
            const s = document.createElement('div')
            ;(s.className = 'cm-tooltip-arrow'), i.dom.appendChild(s)
          }
          if (
            ((i.dom.style.position = this.position),
            (i.dom.style.top = ns),
            (i.dom.style.left = '0px'),
            this.container.insertBefore(i.dom, n),
            i.mount)
          )
            i.mount(this.view)
          if (this.resizeObserver) this.resizeObserver.observe(i.dom)
          return i
        }
        destroy() {
          var e, t, i
          this.view.win.removeEventListener('resize', this.measureSoon)
          for (const n of this.manager.tooltipViews)
            n.dom.remove(), (e = n.destroy) === null || e === void 0 || e.call(n)
          if (this.parent) this.container.remove()
          ;(t = this.resizeObserver) === null || t === void 0 || t.disconnect(),
            (i = this.intersectionObserver) === null || i === void 0 || i.disconnect(),
            clearTimeout(this.measureTimeout)
        }
        readMeasure() {
          let e = 1,
            t = 1,
            i = !1,
            n = 0
          if (this.position == 'fixed' && this.manager.tooltipViews.length) {
            const { dom: o } = this.manager.tooltipViews[0]
            if (C.safari) {
              const l = o.getBoundingClientRect()
              i = Math.abs(l.top + 1e4) > 1 || Math.abs(l.left) > 1
            } else i = !!o.offsetParent && o.offsetParent != this.container.ownerDocument.body
          }
          if (i || this.position == 'absolute')
            if (this.parent) {
              const o = this.parent.getBoundingClientRect()
              if (o.width && o.height)
                (e = o.width / this.parent.offsetWidth), (t = o.height / this.parent.offsetHeight)
            } else ({ scaleX: e, scaleY: t } = this.view.viewState)
          else n = af(this.view).left
          const s = this.view.scrollDOM.getBoundingClientRect(),
            r = Ro(this.view)
          return {
            visible: {
              left: s.left + r.left,
              top: s.top + r.top,
              right: s.right - r.right,
              bottom: s.bottom - r.bottom,
            },
            parent: this.parent ? this.container.getBoundingClientRect() : this.view.dom.getBoundingClientRect(),
            pos: this.manager.tooltips.map((o, l) => {
              const a = this.manager.tooltipViews[l]
              return a.getCoords ? a.getCoords(o.pos) : this.view.coordsAtPos(o.pos)
            }),
            size: this.manager.tooltipViews.map(({ dom: o }) => o.getBoundingClientRect()),
            space: this.view.state.facet(Gr).tooltipSpace(this.view),
            scaleX: e,
            scaleY: t,
            makeAbsolute: i,
            fixedLeft: n,
          }
        }
        writeMeasure(e) {
          var t
          if (e.makeAbsolute) {
            ;(this.madeAbsolute = !0), (this.position = 'absolute')
            for (const l of this.manager.tooltipViews) l.dom.style.position = 'absolute'
          }
          const { visible: i, space: n, scaleX: s, scaleY: r } = e,
            o = []
          for (let l = 0; l < this.manager.tooltips.length; l++) {
            const a = this.manager.tooltips[l],
              h = this.manager.tooltipViews[l],
              { dom: c } = h,
              f = e.pos[l],
              u = e.size[l]
            if (
              !f ||
              (a.clip !== !1 &&
                (f.bottom <= Math.max(i.top, n.top) ||
                  f.top >= Math.min(i.bottom, n.bottom) ||
                  f.right < Math.max(i.left, n.left) - 0.1 ||
                  f.left > Math.min(i.right, n.right) + 0.1))
            ) {
              c.style.top = ns
              continue
            }
            let d = a.arrow ? h.dom.querySelector('.cm-tooltip-arrow') : null,
              p = d ? 7 : 0,
              O = u.right - u.left,
              m = (t = vh.get(h)) !== null && t !== void 0 ? t : u.bottom - u.top,
              y = h.offset || Gm,
              x = this.view.textDirection == B.LTR,
              Q =
                u.width > n.right - n.left
                  ? x
                    ? n.left
                    : n.right - u.width
                  : x
                    ? Math.max(n.left, Math.min(f.left - (d ? 14 : 0) + y.x, n.right - O))
                    : Math.min(Math.max(n.left, f.left - O + (d ? 14 : 0) - y.x), n.right - O),
              P = this.above[l]
            if (
              !a.strictSide &&
              (P ? f.top - m - p - y.y < n.top : f.bottom + m + p + y.y > n.bottom) &&
              P == n.bottom - f.bottom > f.top - n.top
            )
              P = this.above[l] = !P
            const S = (P ? f.top - n.top : n.bottom - f.bottom) - p
            if (S < m && h.resize !== !1) {
              if (S < this.view.defaultLineHeight) {
                c.style.top = ns
                continue
              }
              vh.set(h, m), (c.style.height = (m = S) / r + 'px')
            } else if (c.style.height) c.style.height = ''
            let A = P ? f.top - m - p - y.y : f.bottom + p + y.y,
              Z = Q + O
            if (h.overlap !== !0) {
              for (const L of o)
                if (L.left < Z && L.right > Q && L.top < A + m && L.bottom > A)
                  A = P ? L.top - m - 2 - p : L.bottom + p + 2
            }
            if (this.position == 'absolute')
              (c.style.top = (A - e.parent.top) / r + 'px'), $h(c, (Q - e.parent.left) / s)
            else (c.style.top = A / r + 'px'), $h(c, (Q - e.fixedLeft) / s)
            if (d) {
              const L = f.left + (x ? y.x : -y.x) - (Q + 14 - 7)
              d.style.left = L / s + 'px'
            }
            if (h.overlap !== !0) o.push({ left: Q, top: A, right: Z, bottom: A + m })
            if ((c.classList.toggle('cm-tooltip-above', P), c.classList.toggle('cm-tooltip-below', !P), h.positioned))
              h.positioned(e.space)
          }
        }
        maybeMeasure() {
          if (this.manager.tooltips.length) {
            if (this.view.inView) this.view.requestMeasure(this.measureReq)
            if (this.inView != this.view.inView) {
              if (((this.inView = this.view.inView), !this.inView))
                for (const e of this.manager.tooltipViews) e.dom.style.top = ns
            }
          }
        }
      },
      {
        eventObservers: {
          scroll() {
            this.maybeMeasure()
          },
        },
      },
    )
  function $h(e, t) {
    const i = parseInt(e.style.left, 10)
    if (isNaN(i) || Math.abs(t - i) > 1) e.style.left = t + 'px'
  }
  var Nm = w.baseTheme({
      '.cm-tooltip': { zIndex: 500, boxSizing: 'border-box' },
      '&light .cm-tooltip': { border: '1px solid #bbb', backgroundColor: '#f5f5f5' },
      '&light .cm-tooltip-section:not(:first-child)': { borderTop: '1px solid #bbb' },
      '&dark .cm-tooltip': { backgroundColor: '#333338', color: 'white' },
      '.cm-tooltip-arrow': {
        height: '7px',
        width: '14px',
        position: 'absolute',
        zIndex: -1,
        overflow: 'hidden',
        '&:before, &:after': {
          content: "''",
          position: 'absolute',
          width: 0,
          height: 0,
          borderLeft: '7px solid transparent',
          borderRight: '7px solid transparent',
        },
        '.cm-tooltip-above &': {
          bottom: '-7px',
          '&:before': { borderTop: '7px solid #bbb' },
          '&:after': { borderTop: '7px solid #f5f5f5', bottom: '1px' },
        },
        '.cm-tooltip-below &': {
          top: '-7px',
          '&:before': { borderBottom: '7px solid #bbb' },
          '&:after': { borderBottom: '7px solid #f5f5f5', top: '1px' },
        },
      },
      '&dark .cm-tooltip .cm-tooltip-arrow': {
        '&:before': { borderTopColor: '#333338', borderBottomColor: '#333338' },
        '&:after': { borderTopColor: 'transparent', borderBottomColor: 'transparent' },
      },
    }),
    Gm = { x: 0, y: 0 },
    yi = k.define({ enables: [jo, Nm] }),
    ws = k.define({ combine: (e) => e.reduce((t, i) => t.concat(i), []) })
  class Ps {
    static create(e) {
      return new Ps(e)
    }
    constructor(e) {
      ;(this.view = e),
        (this.mounted = !1),
        (this.dom = document.createElement('div')),
        this.dom.classList.add('cm-tooltip-hover'),
        (this.manager = new Do(
          e,
          ws,
          (t, i) => this.createHostedView(t, i),
          (t) => t.dom.remove(),
        ))
    }
    createHostedView(e, t) {
      const i = e.create(this.view)
      if (
        (i.dom.classList.add('cm-tooltip-section'),
        this.dom.insertBefore(i.dom, t ? t.dom.nextSibling : this.dom.firstChild),
        this.mounted && i.mount)
      )
        i.mount(this.view)
      return i
    }
    mount(e) {
      for (const t of this.manager.tooltipViews) if (t.mount) t.mount(e)
      this.mounted = !0
    }
    positioned(e) {
      for (const t of this.manager.tooltipViews) if (t.positioned) t.positioned(e)
    }
    update(e) {
      this.manager.update(e)
    }
    destroy() {
      var e
      for (const t of this.manager.tooltipViews) (e = t.destroy) === null || e === void 0 || e.call(t)
    }
    passProp(e) {
      let t = void 0
      for (const i of this.manager.tooltipViews) {
        const n = i[e]
        if (n !== void 0) {
          if (t === void 0) t = n
          else if (t !== n) return
        }
      }
      return t
    }
    get offset() {
      return this.passProp('offset')
    }
    get getCoords() {
      return this.passProp('getCoords')
    }
    get overlap() {
      return this.passProp('overlap')
    }
    get resize() {
      return this.passProp('resize')
    }
  }
  var Fm = yi.compute([ws], (e) => {
      const t = e.facet(ws)
      if (t.length === 0) return null
      return {
        pos: Math.min(...t.map((i) => i.pos)),
        end: Math.max(
          ...t.map((i) => {
            var n
            return (n = i.end) !== null && n !== void 0 ? n : i.pos
          }),
        ),
        create: Ps.create,
        above: t[0].above,
        arrow: t.some((i) => i.arrow),
      }
    }),
    hf = k.define()
  class cf {
    constructor(e, t, i, n, s, r) {
      ;(this.view = e),
        (this.source = t),
        (this.field = i),
        (this.locked = n),
        (this.setHover = s),
        (this.hoverTime = r),
        (this.hoverTimeout = -1),
        (this.restartTimeout = -1),
        (this.pending = null),
        (this.lastMove = { x: 0, y: 0, target: e.dom, time: 0 }),
        (this.checkHover = this.checkHover.bind(this)),
        e.dom.addEventListener('mouseleave', (this.mouseleave = this.mouseleave.bind(this))),
        e.dom.addEventListener('mousemove', (this.mousemove = this.mousemove.bind(this)))
    }
    update(e) {
      if (this.pending)
        (this.pending = null),
          clearTimeout(this.restartTimeout),
          (this.restartTimeout = setTimeout(() => this.startHover(), 20))
    }
    get active() {
      return this.view.state.field(this.field)
    }
    checkHover() {
      if (((this.hoverTimeout = -1), this.active.length)) return
      const e = Date.now() - this.lastMove.time
      if (e < this.hoverTime) this.hoverTimeout = setTimeout(this.checkHover, this.hoverTime - e)
      else this.startHover()
    }
    startHover() {
      clearTimeout(this.restartTimeout)
      const { view: e, lastMove: t } = this,
        i = e.docView.tile.nearest(t.target)
      if (!i) return
      let n,
        s = 1
      if (i.isWidget()) n = i.posAtStart
      else {
        if (((n = e.posAtCoords(t)), n == null)) return
        const r = e.coordsAtPos(n)
        if (
          !r ||
          t.y < r.top ||
          t.y > r.bottom ||
          t.x < r.left - e.defaultCharacterWidth ||
          t.x > r.right + e.defaultCharacterWidth
        )
          return
        const o = e.bidiSpans(e.state.doc.lineAt(n)).find((a) => a.from <= n && a.to >= n),
          l = o && o.dir == B.RTL ? -1 : 1
        s = t.x < r.left ? -l : l
      }
      this.activateHover(e, n, s)
    }
    activateHover(e, t, i, n) {
      const s = this.source(e, t, i),
        r = (o) => {
          if (o && !(Array.isArray(o) && !o.length)) {
            const l = Array.isArray(o) ? o : [o]
            if (n) this.locked.set(l, n)
            e.dispatch({ effects: this.setHover.of(l) })
          }
        }
      if (s && 'then' in s) {
        const o = (this.pending = { pos: t })
        s.then(
          (l) => {
            if (this.pending == o) (this.pending = null), r(l)
          },
          (l) => pe(e.state, l, 'hover tooltip'),
        )
      } else r(s)
    }
    get tooltip() {
      const e = this.view.plugin(jo),
        t = e ? e.manager.tooltips.findIndex((i) => i.create == Ps.create) : -1
      return t > -1 ? e.manager.tooltipViews[t] : null
    }
    mousemove(e) {
      var t, i
      if (((this.lastMove = { x: e.clientX, y: e.clientY, target: e.target, time: Date.now() }), this.hoverTimeout < 0))
        this.hoverTimeout = setTimeout(this.checkHover, this.hoverTime)
      const { active: n, tooltip: s } = this
      if ((n.length && !this.locked.has(n) && s && !Hm(s.dom, e)) || this.pending) {
        const { pos: r } = n[0] || this.pending,
          o = (i = (t = n[0]) === null || t === void 0 ? void 0 : t.end) !== null && i !== void 0 ? i : r
        if (r == o ? this.view.posAtCoords(this.lastMove) != r : !Km(this.view, r, o, e.clientX, e.clientY))
          this.view.dispatch({ effects: this.setHover.of([]) }), (this.pending = null)
      }
    }
    mouseleave(e) {
      clearTimeout(this.hoverTimeout), (this.hoverTimeout = -1)
      const { active: t } = this
      if (t.length && !this.locked.has(t)) {
        const { tooltip: i } = this
        if (!(i && i.dom.contains(e.relatedTarget))) this.view.dispatch({ effects: this.setHover.of([]) })
        else this.watchTooltipLeave(i.dom)
      }
    }
    watchTooltipLeave(e) {
      const t = (i) => {
        e.removeEventListener('mouseleave', t)
        const { active: n } = this
        if (n.length && !this.locked.has(n) && !this.view.dom.contains(i.relatedTarget))
          this.view.dispatch({ effects: this.setHover.of([]) })
      }
      e.addEventListener('mouseleave', t)
    }
    destroy() {
      clearTimeout(this.hoverTimeout),
        clearTimeout(this.restartTimeout),
        this.view.dom.removeEventListener('mouseleave', this.mouseleave),
        this.view.dom.removeEventListener('mousemove', this.mousemove)
    }
  }
  var ss = 4
  function Hm(e, t) {
    let { left: i, right: n, top: s, bottom: r } = e.getBoundingClientRect(),
      o
    if ((o = e.querySelector('.cm-tooltip-arrow'))) {
      const l = o.getBoundingClientRect()
      ;(s = Math.min(l.top, s)), (r = Math.max(l.bottom, r))
    }
    return t.clientX >= i - ss && t.clientX <= n + ss && t.clientY >= s - ss && t.clientY <= r + ss
  }
  function Km(e, t, i, n, s, r) {
    const o = e.scrollDOM.getBoundingClientRect(),
      l = e.documentTop + e.documentPadding.top + e.contentHeight
    if (o.left > n || o.right < n || o.top > s || Math.min(o.bottom, l) < s) return !1
    const a = e.posAtCoords({ x: n, y: s }, !1)
    return a >= t && a <= i
  }
  function ff(e, t = {}) {
    const i = M.define(),
      n = new WeakMap(),
      s = H.define({
        create() {
          return []
        },
        update(o, l) {
          let a = n.get(o)
          if (o.length) {
            if (t.hideOnChange && (l.docChanged || l.selection)) o = []
            else if (a && a(l)) o = []
            else if (t.hideOn) o = o.filter((h) => !t.hideOn(l, h))
          }
          if (l.docChanged && o.length) {
            const h = []
            for (const c of o) {
              const f = l.changes.mapPos(c.pos, -1, le.TrackDel)
              if (f != null) {
                const u = Object.assign(Object.create(null), c)
                if (((u.pos = f), u.end != null)) u.end = l.changes.mapPos(u.end)
                h.push(u)
              }
            }
            o = h
          }
          for (const h of l.effects) {
            if (h.is(i)) (o = h.value), (a = void 0)
            if ((h.is(Jm) && !h.value) || h.value == s) o = []
          }
          if (o.length && a) n.set(o, a)
          return o
        },
        provide: (o) => ws.from(o),
      }),
      r = K.define((o) => new cf(o, e, s, n, i, t.hoverTime || 300))
    return { active: s, extension: [s, r, hf.of(r), Fm] }
  }
  function uf(e, t, i, n = {}) {
    var s
    let r = e.state
      .facet(hf)
      .map((o) => e.plugin(o))
      .filter((o) => !!o)
    if (n.tooltip && n.tooltip.active) {
      const o = r.find((l) => l.field == n.tooltip.active)
      if (o) r = [o]
    }
    for (const o of r) o.activateHover(e, t, i, (s = n.until) !== null && s !== void 0 ? s : () => !1)
  }
  function Eo(e, t) {
    const i = e.plugin(jo)
    if (!i) return null
    const n = i.manager.tooltips.indexOf(t)
    return n < 0 ? null : i.manager.tooltipViews[n]
  }
  var Jm = M.define()
  var Ph = k.define({
    combine(e) {
      let t, i
      for (const n of e) (t = t || n.topContainer), (i = i || n.bottomContainer)
      return { topContainer: t, bottomContainer: i }
    },
  })
  function xi(e, t) {
    const i = e.plugin(df),
      n = i ? i.specs.indexOf(t) : -1
    return n > -1 ? i.panels[n] : null
  }
  var df = K.fromClass(
    class {
      constructor(e) {
        ;(this.input = e.state.facet(It)),
          (this.specs = this.input.filter((i) => i)),
          (this.panels = this.specs.map((i) => i(e)))
        const t = e.state.facet(Ph)
        ;(this.top = new en(e, !0, t.topContainer)),
          (this.bottom = new en(e, !1, t.bottomContainer)),
          this.top.sync(this.panels.filter((i) => i.top)),
          this.bottom.sync(this.panels.filter((i) => !i.top))
        for (const i of this.panels) if ((i.dom.classList.add('cm-panel'), i.mount)) i.mount()
      }
      update(e) {
        const t = e.state.facet(Ph)
        if (this.top.container != t.topContainer) this.top.sync([]), (this.top = new en(e.view, !0, t.topContainer))
        if (this.bottom.container != t.bottomContainer)
          this.bottom.sync([]), (this.bottom = new en(e.view, !1, t.bottomContainer))
        this.top.syncClasses(), this.bottom.syncClasses()
        const i = e.state.facet(It)
        if (i != this.input) {
          const n = i.filter((a) => a),
            s = [],
            r = [],
            o = [],
            l = []
          for (const a of n) {
            let h = this.specs.indexOf(a),
              c
            if (h < 0) (c = a(e.view)), l.push(c)
            else if (((c = this.panels[h]), c.update)) c.update(e)
            s.push(c), (c.top ? r : o).push(c)
          }
          ;(this.specs = n), (this.panels = s), this.top.sync(r), this.bottom.sync(o)
          for (const a of l) if ((a.dom.classList.add('cm-panel'), a.mount)) a.mount()
        } else for (const n of this.panels) if (n.update) n.update(e)
      }
      destroy() {
        this.top.sync([]), this.bottom.sync([])
      }
    },
    {
      provide: (e) =>
        w.scrollMargins.of((t) => {
          const i = t.plugin(e)
          return i && { top: i.top.scrollMargin(), bottom: i.bottom.scrollMargin() }
        }),
    },
  )
  class en {
    constructor(e, t, i) {
      ;(this.view = e),
        (this.top = t),
        (this.container = i),
        (this.dom = void 0),
        (this.classes = ''),
        (this.panels = []),
        this.syncClasses()
    }
    sync(e) {
      for (const t of this.panels) if (t.destroy && e.indexOf(t) < 0) t.destroy()
      ;(this.panels = e), this.syncDOM()
    }
    syncDOM() {
      if (this.panels.length == 0) {
        if (this.dom) this.dom.remove(), (this.dom = void 0)
        return
      }
      if (!this.dom) {
        ;(this.dom = document.createElement('div')),
          (this.dom.className = this.top ? 'cm-panels cm-panels-top' : 'cm-panels cm-panels-bottom')
        const t = this.container || this.view.dom
        t.insertBefore(this.dom, this.top ? t.firstChild : null)
      }
      let e = this.dom.firstChild
      for (const t of this.panels)
        if (t.dom.parentNode == this.dom) {
          while (e != t.dom) e = Ch(e)
          e = e.nextSibling
        } else this.dom.insertBefore(t.dom, e)
      while (e) e = Ch(e)
    }
    scrollMargin() {
      return !this.dom || this.container
        ? 0
        : Math.max(
            0,
            this.top
              ? this.dom.getBoundingClientRect().bottom - Math.max(0, this.view.scrollDOM.getBoundingClientRect().top)
              : Math.min(innerHeight, this.view.scrollDOM.getBoundingClientRect().bottom) -
                  this.dom.getBoundingClientRect().top,
          )
    }
    syncClasses() {
      if (!this.container || this.classes == this.view.themeClasses) return
      for (const e of this.classes.split(' ')) if (e) this.container.classList.remove(e)
      for (const e of (this.classes = this.view.themeClasses).split(' ')) if (e) this.container.classList.add(e)
    }
  }
  function Ch(e) {
    const t = e.nextSibling
    return (e.remove(), t)
  }
  var It = k.define({ enables: df })
  function pf(e, t) {
    let i,
      n = new Promise((o) => (i = o)),
      s = (o) => eg(o, t, i)
    if (e.state.field(us, !1)) e.dispatch({ effects: mf.of(s) })
    else e.dispatch({ effects: M.appendConfig.of(us.init(() => [s])) })
    const r = gf.of(s)
    return {
      close: r,
      result: n.then(
        (o) => (
          (e.win.queueMicrotask || ((a) => e.win.setTimeout(a, 10)))(() => {
            if (e.state.field(us).indexOf(s) > -1) e.dispatch({ effects: r })
          }),
          o
        ),
      ),
    }
  }
  function Of(e, t) {
    const i = e.state.field(us, !1) || []
    for (const n of i) {
      const s = xi(e, n)
      if (s && s.dom.classList.contains(t)) return s
    }
    return null
  }
  var us = H.define({
      create() {
        return []
      },
      update(e, t) {
        for (const i of t.effects)
          if (i.is(mf)) e = [i.value].concat(e)
          else if (i.is(gf)) e = e.filter((n) => n != i.value)
        return e
      },
      provide: (e) => It.computeN([e], (t) => t.field(e)),
    }),
    mf = M.define(),
    gf = M.define()
  function eg(e, t, i) {
    let n = t.content ? t.content(e, () => l(null)) : null
    if (!n) {
      if (((n = Y('form')), t.input)) {
        const a = Y('input', t.input)
        if (/^(text|password|number|email|tel|url)$/.test(a.type)) a.classList.add('cm-textfield')
        if (!a.name) a.name = 'input'
        n.appendChild(Y('label', (t.label || '') + ': ', a))
      } else n.appendChild(document.createTextNode(t.label || ''))
      n.appendChild(document.createTextNode(' ')),
        n.appendChild(Y('button', { class: 'cm-button', type: 'submit' }, t.submitLabel || 'OK'))
    }
    const s = n.nodeName == 'FORM' ? [n] : n.querySelectorAll('form')
    for (let a = 0; a < s.length; a++) {
      const h = s[a]
      h.addEventListener('keydown', (c) => {
        if (c.keyCode == 27) c.preventDefault(), l(null)
        else if (c.keyCode == 13) c.preventDefault(), l(h)
      }),
        h.addEventListener('submit', (c) => {
          c.preventDefault(), l(h)
        })
    }
    const r = Y(
      'div',
      n,
      Y(
        'button',
        { onclick: () => l(null), 'aria-label': e.state.phrase('close'), class: 'cm-dialog-close', type: 'button' },
        ['×'],
      ),
    )
    if (t.class) r.className = t.class
    r.classList.add('cm-dialog')
    const o =
      typeof t.focus == 'string'
        ? n.querySelector(t.focus)
        : t.focus
          ? n.querySelector('input') || n.querySelector('button')
          : null
    function l(a) {
      if (r.contains(r.ownerDocument.activeElement)) e.focus()
      i(a)
    }
    return {
      dom: r,
      top: t.top,
      mount: () => {
        if (o) {
          if ('select' in o) o.select()
          else if ('focus' in o) o.focus()
        }
      },
      destroy: () => i(null),
    }
  }
  class Le extends Ge {
    compare(e) {
      return this == e || (this.constructor == e.constructor && this.eq(e))
    }
    eq(e) {
      return !1
    }
    destroy(e) {}
  }
  Le.prototype.elementClass = ''
  Le.prototype.toDOM = void 0
  Le.prototype.mapMode = le.TrackBefore
  Le.prototype.startSide = Le.prototype.endSide = -1
  Le.prototype.point = !0
  var ds = k.define(),
    tg = k.define(),
    ig = {
      class: '',
      renderEmptyElements: !1,
      elementStyle: '',
      markers: () => _.empty,
      lineMarker: () => null,
      widgetMarker: () => null,
      lineMarkerChange: null,
      initialSpacer: null,
      updateSpacer: null,
      domEventHandlers: {},
      side: 'before',
    },
    rn = k.define()
  function Cs(e) {
    return [bf(), rn.of({ ...ig, ...e })]
  }
  var wo = k.define({ combine: (e) => e.some((t) => t) })
  function bf(e) {
    const t = [ng]
    if (e && e.fixed === !1) t.push(wo.of(!0))
    return t
  }
  var ng = K.fromClass(
    class {
      constructor(e) {
        ;(this.view = e),
          (this.domAfter = null),
          (this.prevViewport = e.viewport),
          (this.dom = document.createElement('div')),
          (this.dom.className = 'cm-gutters cm-gutters-before'),
          this.dom.setAttribute('aria-hidden', 'true'),
          (this.dom.style.minHeight = this.view.contentHeight / this.view.scaleY + 'px'),
          (this.gutters = e.state.facet(rn).map((t) => new vo(e, t))),
          (this.fixed = !e.state.facet(wo))
        for (const t of this.gutters)
          if (t.config.side == 'after') this.getDOMAfter().appendChild(t.dom)
          else this.dom.appendChild(t.dom)
        if (this.fixed) this.dom.style.position = 'sticky'
        this.syncGutters(!1), e.scrollDOM.insertBefore(this.dom, e.contentDOM)
      }
      getDOMAfter() {
        if (!this.domAfter)
          (this.domAfter = document.createElement('div')),
            (this.domAfter.className = 'cm-gutters cm-gutters-after'),
            this.domAfter.setAttribute('aria-hidden', 'true'),
            (this.domAfter.style.minHeight = this.view.contentHeight / this.view.scaleY + 'px'),
            (this.domAfter.style.position = this.fixed ? 'sticky' : ''),
            this.view.scrollDOM.appendChild(this.domAfter)
        return this.domAfter
      }
      update(e) {
        if (this.updateGutters(e)) {
          const t = this.prevViewport,
            i = e.view.viewport,
            n = Math.min(t.to, i.to) - Math.max(t.from, i.from)
          this.syncGutters(n < (i.to - i.from) * 0.8)
        }
        if (e.geometryChanged) {
          const t = this.view.contentHeight / this.view.scaleY + 'px'
          if (((this.dom.style.minHeight = t), this.domAfter)) this.domAfter.style.minHeight = t
        }
        if (this.view.state.facet(wo) != !this.fixed) {
          if (((this.fixed = !this.fixed), (this.dom.style.position = this.fixed ? 'sticky' : ''), this.domAfter))
            this.domAfter.style.position = this.fixed ? 'sticky' : ''
        }
        this.prevViewport = e.view.viewport
      }
      syncGutters(e) {
        const t = this.dom.nextSibling
        if (e) {
          if ((this.dom.remove(), this.domAfter)) this.domAfter.remove()
        }
        let i = _.iter(this.view.state.facet(ds), this.view.viewport.from),
          n = [],
          s = this.gutters.map((r) => new yf(r, this.view.viewport, -this.view.documentPadding.top))
        for (const r of this.view.viewportLineBlocks) {
          if (n.length) n = []
          if (Array.isArray(r.type)) {
            let o = !0
            for (const l of r.type)
              if (l.type == Oe.Text && o) {
                ko(i, n, l.from)
                for (const a of s) a.line(this.view, l, n)
                o = !1
              } else if (l.widget) for (const a of s) a.widget(this.view, l)
          } else if (r.type == Oe.Text) {
            ko(i, n, r.from)
            for (const o of s) o.line(this.view, r, n)
          } else if (r.widget) for (const o of s) o.widget(this.view, r)
        }
        for (const r of s) r.finish()
        if (e) {
          if ((this.view.scrollDOM.insertBefore(this.dom, t), this.domAfter))
            this.view.scrollDOM.appendChild(this.domAfter)
        }
      }
      updateGutters(e) {
        let t = e.startState.facet(rn),
          i = e.state.facet(rn),
          n =
            e.docChanged ||
            e.heightChanged ||
            e.viewportChanged ||
            !_.eq(e.startState.facet(ds), e.state.facet(ds), e.view.viewport.from, e.view.viewport.to)
        if (t == i) {
          for (const s of this.gutters) if (s.update(e)) n = !0
        } else {
          n = !0
          const s = []
          for (const r of i) {
            const o = t.indexOf(r)
            if (o < 0) s.push(new vo(this.view, r))
            else this.gutters[o].update(e), s.push(this.gutters[o])
          }
          for (const r of this.gutters) if ((r.dom.remove(), s.indexOf(r) < 0)) r.destroy()
          for (const r of s)
            if (r.config.side == 'after') this.getDOMAfter().appendChild(r.dom)
            else this.dom.appendChild(r.dom)
          this.gutters = s
        }
        return n
      }
      destroy() {
        for (const e of this.gutters) e.destroy()
        if ((this.dom.remove(), this.domAfter)) this.domAfter.remove()
      }
    },
    {
      provide: (e) =>
        w.scrollMargins.of((t) => {
          const i = t.plugin(e)
          if (!i || i.gutters.length == 0 || !i.fixed) return null
          const n = i.dom.offsetWidth * t.scaleX,
            s = i.domAfter ? i.domAfter.offsetWidth * t.scaleX : 0
          return t.textDirection == B.LTR ? { left: n, right: s } : { right: n, left: s }
        }),
    },
  )
  function Zh(e) {
    return Array.isArray(e) ? e : [e]
  }
  function ko(e, t, i) {
    while (e.value && e.from <= i) {
      if (e.from == i) t.push(e.value)
      e.next()
    }
  }
  class yf {
    constructor(e, t, i) {
      ;(this.gutter = e), (this.height = i), (this.i = 0), (this.cursor = _.iter(e.markers, t.from))
    }
    addElement(e, t, i) {
      const { gutter: n } = this,
        s = (t.top - this.height) / e.scaleY,
        r = t.height / e.scaleY
      if (this.i == n.elements.length) {
        const o = new Wo(e, r, s, i)
        n.elements.push(o), n.dom.appendChild(o.dom)
      } else n.elements[this.i].update(e, r, s, i)
      ;(this.height = t.bottom), this.i++
    }
    line(e, t, i) {
      let n = []
      if ((ko(this.cursor, n, t.from), i.length)) n = n.concat(i)
      const s = this.gutter.config.lineMarker(e, t, n)
      if (s) n.unshift(s)
      const r = this.gutter
      if (n.length == 0 && !r.config.renderEmptyElements) return
      this.addElement(e, t, n)
    }
    widget(e, t) {
      let i = this.gutter.config.widgetMarker(e, t.widget, t),
        n = i ? [i] : null
      for (const s of e.state.facet(tg)) {
        const r = s(e, t.widget, t)
        if (r) (n || (n = [])).push(r)
      }
      if (n) this.addElement(e, t, n)
    }
    finish() {
      const e = this.gutter
      while (e.elements.length > this.i) {
        const t = e.elements.pop()
        e.dom.removeChild(t.dom), t.destroy()
      }
    }
  }
  class vo {
    constructor(e, t) {
      ;(this.view = e),
        (this.config = t),
        (this.elements = []),
        (this.spacer = null),
        (this.dom = document.createElement('div')),
        (this.dom.className = 'cm-gutter' + (this.config.class ? ' ' + this.config.class : ''))
      for (const i in t.domEventHandlers)
        this.dom.addEventListener(i, (n) => {
          let s = n.target,
            r
          if (s != this.dom && this.dom.contains(s)) {
            while (s.parentNode != this.dom) s = s.parentNode
            const l = s.getBoundingClientRect()
            r = (l.top + l.bottom) / 2
          } else r = n.clientY
          const o = e.lineBlockAtHeight(r - e.documentTop)
          if (t.domEventHandlers[i](e, o, n)) n.preventDefault()
        })
      if (((this.markers = Zh(t.markers(e))), t.initialSpacer))
        (this.spacer = new Wo(e, 0, 0, [t.initialSpacer(e)])),
          this.dom.appendChild(this.spacer.dom),
          (this.spacer.dom.style.cssText += 'visibility: hidden; pointer-events: none')
    }
    update(e) {
      const t = this.markers
      if (((this.markers = Zh(this.config.markers(e.view))), this.spacer && this.config.updateSpacer)) {
        const n = this.config.updateSpacer(this.spacer.markers[0], e)
        if (n != this.spacer.markers[0]) this.spacer.update(e.view, 0, 0, [n])
      }
      const i = e.view.viewport
      return (
        !_.eq(this.markers, t, i.from, i.to) || (this.config.lineMarkerChange ? this.config.lineMarkerChange(e) : !1)
      )
    }
    destroy() {
      for (const e of this.elements) e.destroy()
    }
  }
  class Wo {
    constructor(e, t, i, n) {
      ;(this.height = -1),
        (this.above = 0),
        (this.markers = []),
        (this.dom = document.createElement('div')),
        (this.dom.className = 'cm-gutterElement'),
        this.update(e, t, i, n)
    }
    update(e, t, i, n) {
      if (this.height != t) (this.height = t), (this.dom.style.height = t + 'px')
      if (this.above != i) this.dom.style.marginTop = (this.above = i) ? i + 'px' : ''
      if (!sg(this.markers, n)) this.setMarkers(e, n)
    }
    setMarkers(e, t) {
      let i = 'cm-gutterElement',
        n = this.dom.firstChild
      for (let s = 0, r = 0; ; ) {
        let o = r,
          l = s < t.length ? t[s++] : null,
          a = !1
        if (l) {
          const h = l.elementClass
          if (h) i += ' ' + h
          for (let c = r; c < this.markers.length; c++)
            if (this.markers[c].compare(l)) {
              ;(o = c), (a = !0)
              break
            }
        } else o = this.markers.length
        while (r < o) {
          const h = this.markers[r++]
          if (h.toDOM) {
            h.destroy(n)
            const c = n.nextSibling
            n.remove(), (n = c)
          }
        }
        if (!l) break
        if (l.toDOM)
          if (a) n = n.nextSibling
          else this.dom.insertBefore(l.toDOM(e), n)
        if (a) r++
      }
      ;(this.dom.className = i), (this.markers = t)
    }
    destroy() {
      this.setMarkers(null, [])
    }
  }
  function sg(e, t) {
    if (e.length != t.length) return !1
    for (let i = 0; i < e.length; i++) if (!e[i].compare(t[i])) return !1
    return !0
  }
  var rg = k.define(),
    og = k.define(),
    hi = k.define({
      combine(e) {
        return ue(
          e,
          { formatNumber: String, domEventHandlers: {} },
          {
            domEventHandlers(t, i) {
              const n = Object.assign({}, t)
              for (const s in i) {
                const r = n[s],
                  o = i[s]
                n[s] = r ? (l, a, h) => r(l, a, h) || o(l, a, h) : o
              }
              return n
            },
          },
        )
      },
    })
  class ps extends Le {
    constructor(e) {
      super()
      this.number = e
    }
    eq(e) {
      return this.number == e.number
    }
    toDOM() {
      return document.createTextNode(this.number)
    }
  }
  function Fr(e, t) {
    return e.state.facet(hi).formatNumber(t, e.state)
  }
  var lg = rn.compute([hi], (e) => ({
    class: 'cm-lineNumbers',
    renderEmptyElements: !1,
    markers(t) {
      return t.state.facet(rg)
    },
    lineMarker(t, i, n) {
      if (n.some((s) => s.toDOM)) return null
      return new ps(Fr(t, t.state.doc.lineAt(i.from).number))
    },
    widgetMarker: (t, i, n) => {
      for (const s of t.state.facet(og)) {
        const r = s(t, i, n)
        if (r) return r
      }
      return null
    },
    lineMarkerChange: (t) => t.startState.facet(hi) != t.state.facet(hi),
    initialSpacer(t) {
      return new ps(Fr(t, Ah(t.state.doc.lines)))
    },
    updateSpacer(t, i) {
      const n = Fr(i.view, Ah(i.view.state.doc.lines))
      return n == t.number ? t : new ps(n)
    },
    domEventHandlers: e.facet(hi).domEventHandlers,
    side: 'before',
  }))
  function xf(e = {}) {
    return [hi.of(e), bf(), lg]
  }
  function Ah(e) {
    let t = 9
    while (t < e) t = t * 10 + 9
    return t
  }
  var ag = new (class extends Le {
      constructor() {
        super(...arguments)
        this.elementClass = 'cm-activeLineGutter'
      }
    })(),
    hg = ds.compute(['selection'], (e) => {
      let t = [],
        i = -1
      for (const n of e.selection.ranges) {
        const s = e.doc.lineAt(n.head).from
        if (s > i) (i = s), t.push(ag.range(s))
      }
      return _.of(t)
    })
  function Sf() {
    return hg
  }
  var Yo,
    Si = new T()
  function No(e) {
    return k.define({ combine: e ? (t) => t.concat(e) : void 0 })
  }
  var Rs = new T()
  class Be {
    constructor(e, t, i = [], n = '') {
      if (((this.data = e), (this.name = n), !Object.hasOwn(W.prototype, 'tree')))
        Object.defineProperty(W.prototype, 'tree', {
          get() {
            return ne(this)
          },
        })
      ;(this.parser = t),
        (this.extension = [
          At.of(this),
          W.languageData.of((s, r, o) => {
            const l = Qf(s, r, o),
              a = l.type.prop(Si)
            if (!a) return []
            const h = s.facet(a),
              c = l.type.prop(Rs)
            if (c) {
              const f = l.resolve(r - l.from, o)
              for (const u of c)
                if (u.test(f, s)) {
                  const d = s.facet(u.facet)
                  return u.type == 'replace' ? d : d.concat(h)
                }
            }
            return h
          }),
        ].concat(i))
    }
    isActiveAt(e, t, i = -1) {
      return Qf(e, t, i).type.prop(Si) == this.data
    }
    findRegions(e) {
      const t = e.facet(At)
      if ((t === null || t === void 0 ? void 0 : t.data) == this.data) return [{ from: 0, to: e.doc.length }]
      if (!t || !t.allowsNesting) return []
      const i = [],
        n = (s, r) => {
          if (s.prop(Si) == this.data) {
            i.push({ from: r, to: r + s.length })
            return
          }
          const o = s.prop(T.mounted)
          if (o) {
            if (o.tree.prop(Si) == this.data) {
              if (o.overlay) for (const l of o.overlay) i.push({ from: l.from + r, to: l.to + r })
              else i.push({ from: r, to: r + s.length })
              return
            } else if (o.overlay) {
              const l = i.length
              if ((n(o.tree, o.overlay[0].from + r), i.length > l)) return
            }
          }
          for (let l = 0; l < s.children.length; l++) {
            const a = s.children[l]
            if (a instanceof ie) n(a, s.positions[l] + r)
          }
        }
      return (n(ne(e), 0), i)
    }
    get allowsNesting() {
      return !0
    }
  }
  Be.setState = M.define()
  function Qf(e, t, i) {
    let n = e.facet(At),
      s = ne(e).topNode
    if (!n || n.allowsNesting) {
      for (let r = s; r; r = r.enter(t, i, N.ExcludeBuffers | N.EnterBracketed)) if (r.type.isTop) s = r
    }
    return s
  }
  class mn extends Be {
    constructor(e, t, i) {
      super(e, t, [], i)
      this.parser = t
    }
    static define(e) {
      const t = No(e.languageData)
      return new mn(t, e.parser.configure({ props: [Si.add((i) => (i.isTop ? t : void 0))] }), e.name)
    }
    configure(e, t) {
      return new mn(this.data, this.parser.configure(e), t || this.name)
    }
    get allowsNesting() {
      return this.parser.hasWrappers()
    }
  }
  function ne(e) {
    const t = e.field(Be.state, !1)
    return t ? t.tree : ie.empty
  }
  class Af {
    constructor(e) {
      ;(this.doc = e), (this.cursorPos = 0), (this.string = ''), (this.cursor = e.iter())
    }
    get length() {
      return this.doc.length
    }
    syncTo(e) {
      return (
        (this.string = this.cursor.next(e - this.cursorPos).value),
        (this.cursorPos = e + this.string.length),
        this.cursorPos - this.string.length
      )
    }
    chunk(e) {
      return (this.syncTo(e), this.string)
    }
    get lineChunks() {
      return !0
    }
    read(e, t) {
      const i = this.cursorPos - this.string.length
      if (e < i || t >= this.cursorPos) return this.doc.sliceString(e, t)
      else return this.string.slice(e - i, t - i)
    }
  }
  var On = null
  class As {
    constructor(e, t, i = [], n, s, r, o, l) {
      ;(this.parser = e),
        (this.state = t),
        (this.fragments = i),
        (this.tree = n),
        (this.treeLen = s),
        (this.viewport = r),
        (this.skipped = o),
        (this.scheduleOn = l),
        (this.parse = null),
        (this.tempSkipped = [])
    }
    static create(e, t, i) {
      return new As(e, t, [], ie.empty, 0, i, [], null)
    }
    startParse() {
      return this.parser.startParse(new Af(this.state.doc), this.fragments)
    }
    work(e, t) {
      if (t != null && t >= this.state.doc.length) t = void 0
      if (this.tree != ie.empty && this.isDone(t !== null && t !== void 0 ? t : this.state.doc.length))
        return (this.takeTree(), !0)
      return this.withContext(() => {
        var i
        if (typeof e == 'number') {
          const n = Date.now() + e
          e = () => Date.now() > n
        }
        if (!this.parse) this.parse = this.startParse()
        if (t != null && (this.parse.stoppedAt == null || this.parse.stoppedAt > t) && t < this.state.doc.length)
          this.parse.stopAt(t)
        for (;;) {
          const n = this.parse.advance()
          if (n)
            if (
              ((this.fragments = this.withoutTempSkipped(wt.addTree(n, this.fragments, this.parse.stoppedAt != null))),
              (this.treeLen = (i = this.parse.stoppedAt) !== null && i !== void 0 ? i : this.state.doc.length),
              (this.tree = n),
              (this.parse = null),
              this.treeLen < (t !== null && t !== void 0 ? t : this.state.doc.length))
            )
              this.parse = this.startParse()
            else return !0
          if (e()) return !1
        }
      })
    }
    takeTree() {
      let e, t
      if (this.parse && (e = this.parse.parsedPos) >= this.treeLen) {
        if (this.parse.stoppedAt == null || this.parse.stoppedAt > e) this.parse.stopAt(e)
        this.withContext(() => {
          while (!(t = this.parse.advance()));
        }),
          (this.treeLen = e),
          (this.tree = t),
          (this.fragments = this.withoutTempSkipped(wt.addTree(this.tree, this.fragments, !0))),
          (this.parse = null)
      }
    }
    withContext(e) {
      const t = On
      On = this
      try {
        return e()
      } finally {
        On = t
      }
    }
    withoutTempSkipped(e) {
      for (let t; (t = this.tempSkipped.pop()); ) e = wf(e, t.from, t.to)
      return e
    }
    changes(e, t) {
      let { fragments: i, tree: n, treeLen: s, viewport: r, skipped: o } = this
      if ((this.takeTree(), !e.empty)) {
        const l = []
        if (
          (e.iterChangedRanges((a, h, c, f) => l.push({ fromA: a, toA: h, fromB: c, toB: f })),
          (i = wt.applyChanges(i, l)),
          (n = ie.empty),
          (s = 0),
          (r = { from: e.mapPos(r.from, -1), to: e.mapPos(r.to, 1) }),
          this.skipped.length)
        ) {
          o = []
          for (const a of this.skipped) {
            const h = e.mapPos(a.from, 1),
              c = e.mapPos(a.to, -1)
            if (h < c) o.push({ from: h, to: c })
          }
        }
      }
      return new As(this.parser, t, i, n, s, r, o, this.scheduleOn)
    }
    updateViewport(e) {
      if (this.viewport.from == e.from && this.viewport.to == e.to) return !1
      this.viewport = e
      const t = this.skipped.length
      for (let i = 0; i < this.skipped.length; i++) {
        const { from: n, to: s } = this.skipped[i]
        if (n < e.to && s > e.from) (this.fragments = wf(this.fragments, n, s)), this.skipped.splice(i--, 1)
      }
      if (this.skipped.length >= t) return !1
      return (this.reset(), !0)
    }
    reset() {
      if (this.parse) this.takeTree(), (this.parse = null)
    }
    skipUntilInView(e, t) {
      this.skipped.push({ from: e, to: t })
    }
    static getSkippingParser(e) {
      return new (class extends Di {
        createParse(t, i, n) {
          const s = n[0].from,
            r = n[n.length - 1].to
          return {
            parsedPos: s,
            advance() {
              const l = On
              if (l) {
                for (const a of n) l.tempSkipped.push(a)
                if (e) l.scheduleOn = l.scheduleOn ? Promise.all([l.scheduleOn, e]) : e
              }
              return ((this.parsedPos = r), new ie(ge.none, [], [], r - s))
            },
            stoppedAt: null,
            stopAt() {},
          }
        }
      })()
    }
    isDone(e) {
      e = Math.min(e, this.state.doc.length)
      const t = this.fragments
      return this.treeLen >= e && t.length && t[0].from == 0 && t[0].to >= e
    }
    static get() {
      return On
    }
  }
  function wf(e, t, i) {
    return wt.applyChanges(e, [{ fromA: t, toA: i, fromB: t, toB: i }])
  }
  class Qi {
    constructor(e) {
      ;(this.context = e), (this.tree = e.tree)
    }
    apply(e) {
      if (!e.docChanged && this.tree == this.context.tree) return this
      const t = this.context.changes(e.changes, e.state),
        i =
          this.context.treeLen == e.startState.doc.length
            ? void 0
            : Math.max(e.changes.mapPos(this.context.treeLen), t.viewport.to)
      if (!t.work(20, i)) t.takeTree()
      return new Qi(t)
    }
    static init(e) {
      const t = Math.min(3000, e.doc.length),
        i = As.create(e.facet(At).parser, e, { from: 0, to: t })
      if (!i.work(20, t)) i.takeTree()
      return new Qi(i)
    }
  }
  Be.state = H.define({
    create: Qi.init,
    update(e, t) {
      for (const i of t.effects) if (i.is(Be.setState)) return i.value
      if (t.startState.facet(At) != t.state.facet(At)) return Qi.init(t.state)
      return e.apply(t)
    },
  })
  var Xf = (e) => {
    const t = setTimeout(() => e(), 500)
    return () => clearTimeout(t)
  }
  if (typeof requestIdleCallback < 'u')
    Xf = (e) => {
      let t = -1,
        i = setTimeout(() => {
          t = requestIdleCallback(e, { timeout: 400 })
        }, 100)
      return () => (t < 0 ? clearTimeout(i) : cancelIdleCallback(t))
    }
  var zo =
      typeof navigator < 'u' && ((Yo = navigator.scheduling) === null || Yo === void 0 ? void 0 : Yo.isInputPending)
        ? () => navigator.scheduling.isInputPending()
        : null,
    cg = K.fromClass(
      class {
        constructor(t) {
          ;(this.view = t),
            (this.working = null),
            (this.workScheduled = 0),
            (this.chunkEnd = -1),
            (this.chunkBudget = -1),
            (this.work = this.work.bind(this)),
            this.scheduleWork()
        }
        update(t) {
          const i = this.view.state.field(Be.state).context
          if (i.updateViewport(t.view.viewport) || this.view.viewport.to > i.treeLen) this.scheduleWork()
          if (t.docChanged || t.selectionSet) {
            if (this.view.hasFocus) this.chunkBudget += 50
            this.scheduleWork()
          }
          this.checkAsyncSchedule(i)
        }
        scheduleWork() {
          if (this.working) return
          const { state: t } = this.view,
            i = t.field(Be.state)
          if (i.tree != i.context.tree || !i.context.isDone(t.doc.length)) this.working = Xf(this.work)
        }
        work(t) {
          this.working = null
          const i = Date.now()
          if (this.chunkEnd < i && (this.chunkEnd < 0 || this.view.hasFocus))
            (this.chunkEnd = i + 30000), (this.chunkBudget = 3000)
          if (this.chunkBudget <= 0) return
          const {
              state: n,
              viewport: { to: s },
            } = this.view,
            r = n.field(Be.state)
          if (r.tree == r.context.tree && r.context.isDone(s + 1e5)) return
          const o = Date.now() + Math.min(this.chunkBudget, 100, t && !zo ? Math.max(25, t.timeRemaining() - 5) : 1e9),
            l = r.context.treeLen < s && n.doc.length > s + 1000,
            a = r.context.work(() => (zo && zo()) || Date.now() > o, s + (l ? 0 : 1e5))
          if (((this.chunkBudget -= Date.now() - i), a || this.chunkBudget <= 0))
            r.context.takeTree(), this.view.dispatch({ effects: Be.setState.of(new Qi(r.context)) })
          if (this.chunkBudget > 0 && !(a && !l)) this.scheduleWork()
          this.checkAsyncSchedule(r.context)
        }
        checkAsyncSchedule(t) {
          if (t.scheduleOn)
            this.workScheduled++,
              t.scheduleOn
                .then(() => this.scheduleWork())
                .catch((i) => pe(this.view.state, i))
                .then(() => this.workScheduled--),
              (t.scheduleOn = null)
        }
        destroy() {
          if (this.working) this.working()
        }
        isWorking() {
          return !!(this.working || this.workScheduled > 0)
        }
      },
      {
        eventHandlers: {
          focus() {
            this.scheduleWork()
          },
        },
      },
    ),
    At = k.define({
      combine(e) {
        return e.length ? e[0] : null
      },
      enables: (e) => [
        Be.state,
        cg,
        w.contentAttributes.compute([e], (t) => {
          const i = t.facet(e)
          return i && i.name ? { 'data-language': i.name } : {}
        }),
      ],
    })
  class Go {
    constructor(e, t = []) {
      ;(this.language = e), (this.support = t), (this.extension = [e, t])
    }
  }
  var fg = k.define(),
    wi = k.define({
      combine: (e) => {
        if (!e.length) return '  '
        const t = e[0]
        if (!t || /\S/.test(t) || Array.from(t).some((i) => i != t[0]))
          throw Error('Invalid indent unit: ' + JSON.stringify(e[0]))
        return t
      },
    })
  function gn(e) {
    const t = e.facet(wi)
    return t.charCodeAt(0) == 9 ? e.tabSize * t.length : t.length
  }
  function ki(e, t) {
    let i = '',
      n = e.tabSize,
      s = e.facet(wi)[0]
    if (s == '\t') {
      while (t >= n) (i += '\t'), (t -= n)
      s = ' '
    }
    for (let r = 0; r < t; r++) i += s
    return i
  }
  function Ts(e, t) {
    if (e instanceof W) e = new vi(e)
    for (const n of e.state.facet(fg)) {
      const s = n(e, t)
      if (s !== void 0) return s
    }
    const i = ne(e.state)
    return i.length >= t ? ug(e, i, t) : null
  }
  class vi {
    constructor(e, t = {}) {
      ;(this.state = e), (this.options = t), (this.unit = gn(e))
    }
    lineAt(e, t = 1) {
      const i = this.state.doc.lineAt(e),
        { simulateBreak: n, simulateDoubleBreak: s } = this.options
      if (n != null && n >= i.from && n <= i.to)
        if (s && n == e) return { text: '', from: e }
        else if (t < 0 ? n < e : n <= e) return { text: i.text.slice(n - i.from), from: n }
        else return { text: i.text.slice(0, n - i.from), from: i.from }
      return i
    }
    textAfterPos(e, t = 1) {
      if (this.options.simulateDoubleBreak && e == this.options.simulateBreak) return ''
      const { text: i, from: n } = this.lineAt(e, t)
      return i.slice(e - n, Math.min(i.length, e + 100 - n))
    }
    column(e, t = 1) {
      let { text: i, from: n } = this.lineAt(e, t),
        s = this.countColumn(i, e - n),
        r = this.options.overrideIndentation ? this.options.overrideIndentation(n) : -1
      if (r > -1) s += r - this.countColumn(i, i.search(/\S|$/))
      return s
    }
    countColumn(e, t = e.length) {
      return gt(e, this.state.tabSize, t)
    }
    lineIndent(e, t = 1) {
      const { text: i, from: n } = this.lineAt(e, t),
        s = this.options.overrideIndentation
      if (s) {
        const r = s(n)
        if (r > -1) return r
      }
      return this.countColumn(i, i.search(/\S|$/))
    }
    get simulatedBreak() {
      return this.options.simulateBreak || null
    }
  }
  var Fo = new T()
  function ug(e, t, i) {
    let n = t.resolveStack(i),
      s = t.resolveInner(i, -1).resolve(i, 0).enterUnfinishedNodesBefore(i)
    if (s != n.node) {
      const r = []
      for (
        let o = s;
        o && !(o.from < n.node.from || o.to > n.node.to || (o.from == n.node.from && o.type == n.node.type));
        o = o.parent
      )
        r.push(o)
      for (let o = r.length - 1; o >= 0; o--) n = { node: r[o], next: n }
    }
    return Mf(n, e, i)
  }
  function Mf(e, t, i) {
    for (let n = e; n; n = n.next) {
      const s = pg(n.node)
      if (s) return s(Ho.create(t, i, n))
    }
    return 0
  }
  function dg(e) {
    return e.pos == e.options.simulateBreak && e.options.simulateDoubleBreak
  }
  function pg(e) {
    const t = e.type.prop(Fo)
    if (t) return t
    let i = e.firstChild,
      n
    if (i && (n = i.type.prop(T.closedBy))) {
      const s = e.lastChild,
        r = s && n.indexOf(s.name) > -1
      return (o) => Tf(o, !0, 1, void 0, r && !dg(o) ? s.from : void 0)
    }
    return e.parent == null ? Og : null
  }
  function Og() {
    return 0
  }
  class Ho extends vi {
    constructor(e, t, i) {
      super(e.state, e.options)
      ;(this.base = e), (this.pos = t), (this.context = i)
    }
    get node() {
      return this.context.node
    }
    static create(e, t, i) {
      return new Ho(e, t, i)
    }
    get textAfter() {
      return this.textAfterPos(this.pos)
    }
    get baseIndent() {
      return this.baseIndentFor(this.node)
    }
    baseIndentFor(e) {
      let t = this.state.doc.lineAt(e.from)
      for (;;) {
        let i = e.resolve(t.from)
        while (i.parent && i.parent.from == i.from) i = i.parent
        if (mg(i, e)) break
        t = this.state.doc.lineAt(i.from)
      }
      return this.lineIndent(t.from)
    }
    continue() {
      return Mf(this.context.next, this.base, this.pos)
    }
  }
  function mg(e, t) {
    for (let i = t; i; i = i.parent) if (e == i) return !0
    return !1
  }
  function gg(e) {
    const t = e.node,
      i = t.childAfter(t.from),
      n = t.lastChild
    if (!i) return null
    const s = e.options.simulateBreak,
      r = e.state.doc.lineAt(i.from),
      o = s == null || s <= r.from ? r.to : Math.min(r.to, s)
    for (let l = i.to; ; ) {
      const a = t.childAfter(l)
      if (!a || a == n) return null
      if (!a.type.isSkipped) {
        if (a.from >= o) return null
        const h = /^ */.exec(r.text.slice(i.to - r.from))[0].length
        return { from: i.from, to: i.to + h }
      }
      l = a.to
    }
  }
  function Rf({ closing: e, align: t = !0, units: i = 1 }) {
    return (n) => Tf(n, t, i, e)
  }
  function Tf(e, t, i, n, s) {
    const r = e.textAfter,
      o = r.match(/^\s*/)[0].length,
      l = (n && r.slice(o, o + n.length) == n) || s == e.pos + o,
      a = t ? gg(e) : null
    if (a) return l ? e.column(a.from) : e.column(a.to)
    return e.baseIndent + (l ? 0 : e.unit * i)
  }
  var _f = (e) => e.baseIndent
  function _s({ except: e, units: t = 1 } = {}) {
    return (i) => {
      const n = e && e.test(i.textAfter)
      return i.baseIndent + (n ? 0 : t * i.unit)
    }
  }
  var bg = 200
  function Lf() {
    return W.transactionFilter.of((e) => {
      if (!e.docChanged || (!e.isUserEvent('input.type') && !e.isUserEvent('input.complete'))) return e
      const t = e.startState.languageDataAt('indentOnInput', e.startState.selection.main.head)
      if (!t.length) return e
      const i = e.newDoc,
        { head: n } = e.newSelection.main,
        s = i.lineAt(n)
      if (n > s.from + bg) return e
      const r = i.sliceString(s.from, n)
      if (!t.some((h) => h.test(r))) return e
      let { state: o } = e,
        l = -1,
        a = []
      for (const { head: h } of o.selection.ranges) {
        const c = o.doc.lineAt(h)
        if (c.from == l) continue
        l = c.from
        const f = Ts(o, c.from)
        if (f == null) continue
        const u = /^\s*/.exec(c.text)[0],
          d = ki(o, f)
        if (u != d) a.push({ from: c.from, to: c.from + u.length, insert: d })
      }
      return a.length ? [e, { changes: a, sequential: !0 }] : e
    })
  }
  var yg = k.define(),
    Ko = new T()
  function Df(e) {
    const { firstChild: t, lastChild: i } = e
    return t && t.to < i.from ? { from: t.to, to: i.type.isError ? e.to : i.from } : null
  }
  function xg(e, t, i) {
    const n = ne(e)
    if (n.length < i) return null
    let s = n.resolveStack(i, 1),
      r = null
    for (let o = s; o; o = o.next) {
      const l = o.node
      if (l.to <= i || l.from > i) continue
      if (r && l.from < t) break
      const a = l.type.prop(Ko)
      if (a && (l.to < n.length - 50 || n.length == e.doc.length || !Sg(l))) {
        const h = a(l, e)
        if (h && h.from <= i && h.from >= t && h.to > i) r = h
      }
    }
    return r
  }
  function Sg(e) {
    const t = e.lastChild
    return t && t.to == e.to && t.type.isError
  }
  function Xs(e, t, i) {
    for (const n of e.facet(yg)) {
      const s = n(e, t, i)
      if (s) return s
    }
    return xg(e, t, i)
  }
  function jf(e, t) {
    const i = t.mapPos(e.from, 1),
      n = t.mapPos(e.to, -1)
    return i >= n ? void 0 : { from: i, to: n }
  }
  var Ls = M.define({ map: jf }),
    bn = M.define({ map: jf })
  function Ef(e) {
    const t = []
    for (const { head: i } of e.state.selection.ranges) {
      if (t.some((n) => n.from <= i && n.to >= i)) continue
      t.push(e.lineBlockAt(i))
    }
    return t
  }
  var qt = H.define({
    create() {
      return X.none
    },
    update(e, t) {
      if (t.isUserEvent('delete')) t.changes.iterChangedRanges((n, s) => (e = kf(e, n, s)))
      e = e.map(t.changes)
      const i = []
      for (const n of t.effects)
        if (n.is(Ls) && !Qg(e, n.value.from, n.value.to)) i.push(n.value)
        else if (n.is(bn))
          e = e.update({
            filter: (s, r) => n.value.from != s || n.value.to != r,
            filterFrom: n.value.from,
            filterTo: n.value.to,
          })
      if (i.length) {
        const { preparePlaceholder: n } = t.state.facet(Jo),
          s = i.map((r) => (!n ? vf : X.replace({ widget: new qf(n(t.state, r)) })).range(r.from, r.to))
        e = e.update({ add: s })
      }
      if (t.selection) e = kf(e, t.selection.main.head)
      return e
    },
    provide: (e) => w.decorations.from(e),
    toJSON(e, t) {
      const i = []
      return (
        e.between(0, t.doc.length, (n, s) => {
          i.push(n, s)
        }),
        i
      )
    },
    fromJSON(e) {
      if (!Array.isArray(e) || e.length % 2) throw RangeError('Invalid JSON for fold state')
      const t = []
      for (let i = 0; i < e.length; ) {
        const n = e[i++],
          s = e[i++]
        if (typeof n != 'number' || typeof s != 'number') throw RangeError('Invalid JSON for fold state')
        t.push(vf.range(n, s))
      }
      return X.set(t, !0)
    },
  })
  function kf(e, t, i = t) {
    let n = !1
    return (
      e.between(t, i, (s, r) => {
        if (s < i && r > t) n = !0
      }),
      !n ? e : e.update({ filterFrom: t, filterTo: i, filter: (s, r) => s >= i || r <= t })
    )
  }
  function Ms(e, t, i) {
    var n
    let s = null
    return (
      (n = e.field(qt, !1)) === null ||
        n === void 0 ||
        n.between(t, i, (r, o) => {
          if (!s || s.from > r) s = { from: r, to: o }
        }),
      s
    )
  }
  function Qg(e, t, i) {
    let n = !1
    return (
      e.between(t, t, (s, r) => {
        if (s == t && r == i) n = !0
      }),
      n
    )
  }
  function Wf(e, t) {
    return e.field(qt, !1) ? t : t.concat(M.appendConfig.of(Bf()))
  }
  var wg = (e) => {
      for (const t of Ef(e)) {
        const i = Xs(e.state, t.from, t.to)
        if (i) return (e.dispatch({ effects: Wf(e.state, [Ls.of(i), Yf(e, i)]) }), !0)
      }
      return !1
    },
    kg = (e) => {
      if (!e.state.field(qt, !1)) return !1
      const t = []
      for (const i of Ef(e)) {
        const n = Ms(e.state, i.from, i.to)
        if (n) t.push(bn.of(n), Yf(e, n, !1))
      }
      if (t.length) e.dispatch({ effects: t })
      return t.length > 0
    }
  function Yf(e, t, i = !0) {
    const n = e.state.doc.lineAt(t.from).number,
      s = e.state.doc.lineAt(t.to).number
    return w.announce.of(`${e.state.phrase(i ? 'Folded lines' : 'Unfolded lines')} ${n} ${e.state.phrase('to')} ${s}.`)
  }
  var vg = (e) => {
      const { state: t } = e,
        i = []
      for (let n = 0; n < t.doc.length; ) {
        const s = e.lineBlockAt(n),
          r = Xs(t, s.from, s.to)
        if (r) i.push(Ls.of(r))
        n = (r ? e.lineBlockAt(r.to) : s).to + 1
      }
      if (i.length) e.dispatch({ effects: Wf(e.state, i) })
      return !!i.length
    },
    $g = (e) => {
      const t = e.state.field(qt, !1)
      if (!t || !t.size) return !1
      const i = []
      return (
        t.between(0, e.state.doc.length, (n, s) => {
          i.push(bn.of({ from: n, to: s }))
        }),
        e.dispatch({ effects: i }),
        !0
      )
    }
  var zf = [
      { key: 'Ctrl-Shift-[', mac: 'Cmd-Alt-[', run: wg },
      { key: 'Ctrl-Shift-]', mac: 'Cmd-Alt-]', run: kg },
      { key: 'Ctrl-Alt-[', run: vg },
      { key: 'Ctrl-Alt-]', run: $g },
    ],
    Pg = { placeholderDOM: null, preparePlaceholder: null, placeholderText: '…' },
    Jo = k.define({
      combine(e) {
        return ue(e, Pg)
      },
    })
  function Bf(e) {
    const t = [qt, Zg]
    if (e) t.push(Jo.of(e))
    return t
  }
  function If(e, t) {
    const { state: i } = e,
      n = i.facet(Jo),
      s = (o) => {
        const l = e.lineBlockAt(e.posAtDOM(o.target)),
          a = Ms(e.state, l.from, l.to)
        if (a) e.dispatch({ effects: bn.of(a) })
        o.preventDefault()
      }
    if (n.placeholderDOM) return n.placeholderDOM(e, s, t)
    const r = document.createElement('span')
    return (
      (r.textContent = n.placeholderText),
      r.setAttribute('aria-label', i.phrase('folded code')),
      (r.title = i.phrase('unfold')),
      (r.className = 'cm-foldPlaceholder'),
      (r.onclick = s),
      r
    )
  }
  var vf = X.replace({
    widget: new (class extends Ce {
      toDOM(e) {
        return If(e, null)
      }
    })(),
  })
  class qf extends Ce {
    constructor(e) {
      super()
      this.value = e
    }
    eq(e) {
      return this.value == e.value
    }
    toDOM(e) {
      return If(e, this.value)
    }
  }
  var Cg = { openText: '⌄', closedText: '›', markerDOM: null, domEventHandlers: {}, foldingChanged: () => !1 }
  class Zs extends Le {
    constructor(e, t) {
      super()
      ;(this.config = e), (this.open = t)
    }
    eq(e) {
      return this.config == e.config && this.open == e.open
    }
    toDOM(e) {
      if (this.config.markerDOM) return this.config.markerDOM(this.open)
      const t = document.createElement('span')
      return (
        (t.textContent = this.open ? this.config.openText : this.config.closedText),
        (t.title = e.state.phrase(this.open ? 'Fold line' : 'Unfold line')),
        t
      )
    }
  }
  function Uf(e = {}) {
    const t = { ...Cg, ...e },
      i = new Zs(t, !0),
      n = new Zs(t, !1),
      s = K.fromClass(
        class {
          constructor(o) {
            ;(this.from = o.viewport.from), (this.markers = this.buildMarkers(o))
          }
          update(o) {
            if (
              o.docChanged ||
              o.viewportChanged ||
              o.startState.facet(At) != o.state.facet(At) ||
              o.startState.field(qt, !1) != o.state.field(qt, !1) ||
              ne(o.startState) != ne(o.state) ||
              t.foldingChanged(o)
            )
              this.markers = this.buildMarkers(o.view)
          }
          buildMarkers(o) {
            const l = new $e()
            for (const a of o.viewportLineBlocks) {
              const h = Ms(o.state, a.from, a.to) ? n : Xs(o.state, a.from, a.to) ? i : null
              if (h) l.add(a.from, a.from, h)
            }
            return l.finish()
          }
        },
      ),
      { domEventHandlers: r } = t
    return [
      s,
      Cs({
        class: 'cm-foldGutter',
        markers(o) {
          var l
          return ((l = o.plugin(s)) === null || l === void 0 ? void 0 : l.markers) || _.empty
        },
        initialSpacer() {
          return new Zs(t, !1)
        },
        domEventHandlers: {
          ...r,
          click: (o, l, a) => {
            if (r.click && r.click(o, l, a)) return !0
            const h = Ms(o.state, l.from, l.to)
            if (h) return (o.dispatch({ effects: bn.of(h) }), !0)
            const c = Xs(o.state, l.from, l.to)
            if (c) return (o.dispatch({ effects: Ls.of(c) }), !0)
            return !1
          },
        },
      }),
      Bf(),
    ]
  }
  var Zg = w.baseTheme({
    '.cm-foldPlaceholder': {
      backgroundColor: '#eee',
      border: '1px solid #ddd',
      color: '#888',
      borderRadius: '.2em',
      margin: '0 1px',
      padding: '0 1px',
      cursor: 'pointer',
    },
    '.cm-foldGutter span': { padding: '0 1px', cursor: 'pointer' },
  })
  class Ds {
    constructor(e, t) {
      this.specs = e
      let i
      function n(o) {
        const l = Fe.newName()
        return (((i || (i = Object.create(null)))['.' + l] = o), l)
      }
      const s = typeof t.all == 'string' ? t.all : t.all ? n(t.all) : void 0,
        r = t.scope
      ;(this.scope = r instanceof Be ? (o) => o.prop(Si) == r.data : r ? (o) => o == r : void 0),
        (this.style = br(
          e.map((o) => ({ tag: o.tag, class: o.class || n(Object.assign({}, o, { tag: null })) })),
          { all: s },
        ).style),
        (this.module = i ? new Fe(i) : null),
        (this.themeType = t.themeType)
    }
    static define(e, t) {
      return new Ds(e, t || {})
    }
  }
  var qo = k.define(),
    Vf = k.define({
      combine(e) {
        return e.length ? [e[0]] : null
      },
    })
  function Bo(e) {
    const t = e.facet(qo)
    return t.length ? t : e.facet(Vf)
  }
  function Nf(e, t) {
    let i = [Ag],
      n
    if (e instanceof Ds) {
      if (e.module) i.push(w.styleModule.of(e.module))
      n = e.themeType
    }
    if (t === null || t === void 0 ? void 0 : t.fallback) i.push(Vf.of(e))
    else if (n) i.push(qo.computeN([w.darkTheme], (s) => (s.facet(w.darkTheme) == (n == 'dark') ? [e] : [])))
    else i.push(qo.of(e))
    return i
  }
  class Gf {
    constructor(e) {
      ;(this.markCache = Object.create(null)),
        (this.tree = ne(e.state)),
        (this.decorations = this.buildDeco(e, Bo(e.state))),
        (this.decoratedTo = e.viewport.to)
    }
    update(e) {
      const t = ne(e.state),
        i = Bo(e.state),
        n = i != Bo(e.startState),
        { viewport: s } = e.view,
        r = e.changes.mapPos(this.decoratedTo, 1)
      if (t.length < s.to && !n && t.type == this.tree.type && r >= s.to)
        (this.decorations = this.decorations.map(e.changes)), (this.decoratedTo = r)
      else if (t != this.tree || e.viewportChanged || n)
        (this.tree = t), (this.decorations = this.buildDeco(e.view, i)), (this.decoratedTo = s.to)
    }
    buildDeco(e, t) {
      if (!t || !this.tree.length) return X.none
      const i = new $e()
      for (const { from: n, to: s } of e.visibleRanges)
        ca(
          this.tree,
          t,
          (r, o, l) => {
            i.add(r, o, this.markCache[l] || (this.markCache[l] = X.mark({ class: l })))
          },
          n,
          s,
        )
      return i.finish()
    }
  }
  var Ag = Ye.high(K.fromClass(Gf, { decorations: (e) => e.decorations })),
    Ff = Ds.define([
      { tag: g.meta, color: '#404740' },
      { tag: g.link, textDecoration: 'underline' },
      { tag: g.heading, textDecoration: 'underline', fontWeight: 'bold' },
      { tag: g.emphasis, fontStyle: 'italic' },
      { tag: g.strong, fontWeight: 'bold' },
      { tag: g.strikethrough, textDecoration: 'line-through' },
      { tag: g.keyword, color: '#708' },
      { tag: [g.atom, g.bool, g.url, g.contentSeparator, g.labelName], color: '#219' },
      { tag: [g.literal, g.inserted], color: '#164' },
      { tag: [g.string, g.deleted], color: '#a11' },
      { tag: [g.regexp, g.escape, g.special(g.string)], color: '#e40' },
      { tag: g.definition(g.variableName), color: '#00f' },
      { tag: g.local(g.variableName), color: '#30a' },
      { tag: [g.typeName, g.namespace], color: '#085' },
      { tag: g.className, color: '#167' },
      { tag: [g.special(g.variableName), g.macroName], color: '#256' },
      { tag: g.definition(g.propertyName), color: '#00c' },
      { tag: g.comment, color: '#940' },
      { tag: g.invalid, color: '#f00' },
    ]),
    Xg = w.baseTheme({
      '&.cm-focused .cm-matchingBracket': { backgroundColor: '#328c8252' },
      '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: '#bb555544' },
    }),
    Hf = 1e4,
    Kf = '()[]{}',
    Jf = k.define({
      combine(e) {
        return ue(e, { afterCursor: !0, brackets: Kf, maxScanDistance: Hf, renderMatch: Tg })
      },
    }),
    Mg = X.mark({ class: 'cm-matchingBracket' }),
    Rg = X.mark({ class: 'cm-nonmatchingBracket' })
  function Tg(e) {
    const t = [],
      i = e.matched ? Mg : Rg
    if ((t.push(i.range(e.start.from, e.start.to)), e.end)) t.push(i.range(e.end.from, e.end.to))
    return t
  }
  function $f(e) {
    let t = [],
      i = e.facet(Jf)
    for (const n of e.selection.ranges) {
      if (!n.empty) continue
      const s =
        it(e, n.head, -1, i) ||
        (n.head > 0 && it(e, n.head - 1, 1, i)) ||
        (i.afterCursor && (it(e, n.head, 1, i) || (n.head < e.doc.length && it(e, n.head + 1, -1, i))))
      if (s) t = t.concat(i.renderMatch(s, e))
    }
    return X.set(t, !0)
  }
  var _g = K.fromClass(
      class {
        constructor(e) {
          ;(this.paused = !1), (this.decorations = $f(e.state))
        }
        update(e) {
          if (e.docChanged || e.selectionSet || this.paused)
            if (e.view.composing) (this.decorations = this.decorations.map(e.changes)), (this.paused = !0)
            else (this.decorations = $f(e.state)), (this.paused = !1)
        }
      },
      { decorations: (e) => e.decorations },
    ),
    Lg = [_g, Xg]
  function eu(e = {}) {
    return [Jf.of(e), Lg]
  }
  var Dg = new T()
  function Uo(e, t, i) {
    const n = e.prop(t < 0 ? T.openedBy : T.closedBy)
    if (n) return n
    if (e.name.length == 1) {
      const s = i.indexOf(e.name)
      if (s > -1 && s % 2 == (t < 0 ? 1 : 0)) return [i[s + t]]
    }
    return null
  }
  function Vo(e) {
    const t = e.type.prop(Dg)
    return t ? t(e.node) : e
  }
  function it(e, t, i, n = {}) {
    const s = n.maxScanDistance || Hf,
      r = n.brackets || Kf,
      o = ne(e),
      l = o.resolveInner(t, i)
    for (let a = l; a; a = a.parent) {
      const h = Uo(a.type, i, r)
      if (h && a.from < a.to) {
        const c = Vo(a)
        if (c && (i > 0 ? t >= c.from && t < c.to : t > c.from && t <= c.to)) return jg(e, t, i, a, c, h, r)
      }
    }
    return Eg(e, t, i, o, l.type, s, r)
  }
  function jg(e, t, i, n, s, r, o) {
    let l = n.parent,
      a = { from: s.from, to: s.to },
      h = 0,
      c = l === null || l === void 0 ? void 0 : l.cursor()
    if (c && (i < 0 ? c.childBefore(n.from) : c.childAfter(n.to)))
      do
        if (i < 0 ? c.to <= n.from : c.from >= n.to) {
          if (h == 0 && r.indexOf(c.type.name) > -1 && c.from < c.to) {
            const f = Vo(c)
            return { start: a, end: f ? { from: f.from, to: f.to } : void 0, matched: !0 }
          } else if (Uo(c.type, i, o)) h++
          else if (Uo(c.type, -i, o)) {
            if (h == 0) {
              const f = Vo(c)
              return { start: a, end: f && f.from < f.to ? { from: f.from, to: f.to } : void 0, matched: !1 }
            }
            h--
          }
        }
      while (i < 0 ? c.prevSibling() : c.nextSibling())
    return { start: a, matched: !1 }
  }
  function Eg(e, t, i, n, s, r, o) {
    if (i < 0 ? !t : t == e.doc.length) return null
    const l = i < 0 ? e.sliceDoc(t - 1, t) : e.sliceDoc(t, t + 1),
      a = o.indexOf(l)
    if (a < 0 || (a % 2 == 0) != i > 0) return null
    let h = { from: i < 0 ? t - 1 : t, to: i > 0 ? t + 1 : t },
      c = e.doc.iterRange(t, i > 0 ? e.doc.length : 0),
      f = 0
    for (let u = 0; !c.next().done && u <= r; ) {
      const d = c.value
      if (i < 0) u += d.length
      const p = t + u * i
      for (let O = i > 0 ? 0 : d.length - 1, m = i > 0 ? d.length : -1; O != m; O += i) {
        const y = o.indexOf(d[O])
        if (y < 0 || n.resolveInner(p + O, 1).type != s) continue
        if ((y % 2 == 0) == i > 0) f++
        else if (f == 1) return { start: h, end: { from: p + O, to: p + O + 1 }, matched: y >> 1 == a >> 1 }
        else f--
      }
      if (i > 0) u += d.length
    }
    return c.done ? { start: h, matched: !1 } : null
  }
  var Wg = Object.create(null),
    Pf = [ge.none]
  var Cf = [],
    Zf = Object.create(null),
    Yg = Object.create(null)
  for (const [e, t] of [
    ['variable', 'variableName'],
    ['variable-2', 'variableName.special'],
    ['string-2', 'string.special'],
    ['def', 'variableName.definition'],
    ['tag', 'tagName'],
    ['attribute', 'attributeName'],
    ['type', 'typeName'],
    ['builtin', 'variableName.standard'],
    ['qualifier', 'modifier'],
    ['error', 'invalid'],
    ['header', 'heading'],
    ['property', 'propertyName'],
  ])
    Yg[e] = zg(Wg, t)
  function Io(e, t) {
    if (Cf.indexOf(e) > -1) return
    Cf.push(e), console.warn(t)
  }
  function zg(e, t) {
    const i = []
    for (const l of t.split(' ')) {
      let a = []
      for (const h of l.split('.')) {
        const c = e[h] || g[h]
        if (!c) Io(h, `Unknown highlighting tag ${h}`)
        else if (typeof c == 'function')
          if (!a.length) Io(h, `Modifier ${h} used at start of tag`)
          else a = a.map(c)
        else if (a.length) Io(h, `Tag ${h} used as modifier`)
        else a = Array.isArray(c) ? c : [c]
      }
      for (const h of a) i.push(h)
    }
    if (!i.length) return 0
    const n = t.replace(/ /g, '_'),
      s = n + ' ' + i.map((l) => l.id),
      r = Zf[s]
    if (r) return r.id
    const o = (Zf[s] = ge.define({ id: Pf.length, name: n, props: [Wn({ [n]: i })] }))
    return (Pf.push(o), o.id)
  }
  var Oy = {
    rtl: X.mark({ class: 'cm-iso', inclusive: !0, attributes: { dir: 'rtl' }, bidiIsolate: B.RTL }),
    ltr: X.mark({ class: 'cm-iso', inclusive: !0, attributes: { dir: 'ltr' }, bidiIsolate: B.LTR }),
    auto: X.mark({ class: 'cm-iso', inclusive: !0, attributes: { dir: 'auto' }, bidiIsolate: null }),
  }
  class sl {
    constructor(e, t, i, n) {
      ;(this.state = e),
        (this.pos = t),
        (this.explicit = i),
        (this.view = n),
        (this.abortListeners = []),
        (this.abortOnDocChange = !1)
    }
    tokenBefore(e) {
      let t = ne(this.state).resolveInner(this.pos, -1)
      while (t && e.indexOf(t.name) < 0) t = t.parent
      return t ? { from: t.from, to: this.pos, text: this.state.sliceDoc(t.from, this.pos), type: t.type } : null
    }
    matchBefore(e) {
      const t = this.state.doc.lineAt(this.pos),
        i = Math.max(t.from, this.pos - 250),
        n = t.text.slice(i - t.from, this.pos - t.from),
        s = n.search(cu(e, !1))
      return s < 0 ? null : { from: i + s, to: this.pos, text: n.slice(s) }
    }
    get aborted() {
      return this.abortListeners == null
    }
    addEventListener(e, t, i) {
      if (e == 'abort' && this.abortListeners) {
        if ((this.abortListeners.push(t), i && i.onDocChange)) this.abortOnDocChange = !0
      }
    }
  }
  function tu(e) {
    let t = Object.keys(e).join(''),
      i = /\w/.test(t)
    if (i) t = t.replace(/\w/g, '')
    return `[${i ? '\\w' : ''}${t.replace(/[^\w\s]/g, '\\$&')}]`
  }
  function Bg(e) {
    const t = Object.create(null),
      i = Object.create(null)
    for (const { label: s } of e) {
      t[s[0]] = !0
      for (let r = 1; r < s.length; r++) i[s[r]] = !0
    }
    const n = tu(t) + tu(i) + '*$'
    return [new RegExp('^' + n), new RegExp(n)]
  }
  function rl(e) {
    const t = e.map((s) => (typeof s == 'string' ? { label: s } : s)),
      [i, n] = t.every((s) => /^\w+$/.test(s.label)) ? [/\w*$/, /\w+$/] : Bg(t)
    return (s) => {
      const r = s.matchBefore(n)
      return r || s.explicit ? { from: r ? r.from : s.pos, options: t, validFor: i } : null
    }
  }
  function hu(e, t) {
    return (i) => {
      for (let n = ne(i.state).resolveInner(i.pos, -1); n; n = n.parent) {
        if (e.indexOf(n.name) > -1) return null
        if (n.type.isTop) break
      }
      return t(i)
    }
  }
  class nl {
    constructor(e, t, i, n) {
      ;(this.completion = e), (this.source = t), (this.match = i), (this.score = n)
    }
  }
  function Vt(e) {
    return e.selection.main.from
  }
  function cu(e, t) {
    var i
    const { source: n } = e,
      s = t && n[0] != '^',
      r = n[n.length - 1] != '$'
    if (!s && !r) return e
    return new RegExp(
      `${s ? '^' : ''}(?:${n})${r ? '$' : ''}`,
      (i = e.flags) !== null && i !== void 0 ? i : e.ignoreCase ? 'i' : '',
    )
  }
  var ol = Te.define()
  function Ig(e, t, i, n) {
    const { main: s } = e.selection,
      r = i - s.from,
      o = n - s.from
    return {
      ...e.changeByRange((l) => {
        if (l != s && i != n && e.sliceDoc(l.from + r, l.from + o) != e.sliceDoc(i, n)) return { range: l }
        const a = e.toText(t)
        return {
          changes: { from: l.from + r, to: n == s.from ? l.to : l.from + o, insert: a },
          range: b.cursor(l.from + r + a.length),
        }
      }),
      scrollIntoView: !0,
      userEvent: 'input.complete',
    }
  }
  var iu = new WeakMap()
  function qg(e) {
    if (!Array.isArray(e)) return e
    let t = iu.get(e)
    if (!t) iu.set(e, (t = rl(e)))
    return t
  }
  var Es = M.define(),
    yn = M.define()
  class fu {
    constructor(e) {
      ;(this.pattern = e),
        (this.chars = []),
        (this.folded = []),
        (this.any = []),
        (this.precise = []),
        (this.byWord = []),
        (this.score = 0),
        (this.matched = [])
      for (let t = 0; t < e.length; ) {
        const i = fe(e, t),
          n = Re(i)
        this.chars.push(i)
        const s = e.slice(t, t + n),
          r = s.toUpperCase()
        this.folded.push(fe(r == s ? s.toLowerCase() : r, 0)), (t += n)
      }
      this.astral = e.length != this.chars.length
    }
    ret(e, t) {
      return ((this.score = e), (this.matched = t), this)
    }
    match(e) {
      if (this.pattern.length == 0) return this.ret(-100, [])
      if (e.length < this.pattern.length) return null
      const { chars: t, folded: i, any: n, precise: s, byWord: r } = this
      if (t.length == 1) {
        let y = fe(e, 0),
          x = Re(y),
          Q = x == e.length ? 0 : -100
        if (y == t[0]);
        else if (y == i[0]) Q += -200
        else return null
        return this.ret(Q, [0, x])
      }
      const o = e.indexOf(this.pattern)
      if (o == 0) return this.ret(e.length == this.pattern.length ? 0 : -100, [0, this.pattern.length])
      let l = t.length,
        a = 0
      if (o < 0) {
        for (let y = 0, x = Math.min(e.length, 200); y < x && a < l; ) {
          const Q = fe(e, y)
          if (Q == t[a] || Q == i[a]) n[a++] = y
          y += Re(Q)
        }
        if (a < l) return null
      }
      let h = 0,
        c = 0,
        f = !1,
        u = 0,
        d = -1,
        p = -1,
        O = /[a-z]/.test(e),
        m = !0
      for (let y = 0, x = Math.min(e.length, 200), Q = 0; y < x && c < l; ) {
        const P = fe(e, y)
        if (o < 0) {
          if (h < l && P == t[h]) s[h++] = y
          if (u < l)
            if (P == t[u] || P == i[u]) {
              if (u == 0) d = y
              ;(p = y + 1), u++
            } else u = 0
        }
        let S,
          A =
            P < 255
              ? (P >= 48 && P <= 57) || (P >= 97 && P <= 122)
                ? 2
                : P >= 65 && P <= 90
                  ? 1
                  : 0
              : (S = Ni(P)) != S.toLowerCase()
                ? 1
                : S != S.toUpperCase()
                  ? 2
                  : 0
        if (!y || (A == 1 && O) || (Q == 0 && A != 0)) {
          if (t[c] == P || (i[c] == P && (f = !0))) r[c++] = y
          else if (r.length) m = !1
        }
        ;(Q = A), (y += Re(P))
      }
      if (c == l && r[0] == 0 && m) return this.result(-100 + (f ? -200 : 0), r, e)
      if (u == l && d == 0) return this.ret(-200 - e.length + (p == e.length ? 0 : -100), [0, p])
      if (o > -1) return this.ret(-700 - e.length, [o, o + this.pattern.length])
      if (u == l) return this.ret(-900 - e.length, [d, p])
      if (c == l) return this.result(-100 + (f ? -200 : 0) + -700 + (m ? 0 : -1100), r, e)
      return t.length == 2 ? null : this.result((n[0] ? -700 : 0) + -200 + -1100, n, e)
    }
    result(e, t, i) {
      let n = [],
        s = 0
      for (const r of t) {
        const o = r + (this.astral ? Re(fe(i, r)) : 1)
        if (s && n[s - 1] == r) n[s - 1] = o
        else (n[s++] = r), (n[s++] = o)
      }
      return this.ret(e - i.length, n)
    }
  }
  class uu {
    constructor(e) {
      ;(this.pattern = e), (this.matched = []), (this.score = 0), (this.folded = e.toLowerCase())
    }
    match(e) {
      if (e.length < this.pattern.length) return null
      const t = e.slice(0, this.pattern.length),
        i = t == this.pattern ? 0 : t.toLowerCase() == this.folded ? -200 : null
      if (i == null) return null
      return ((this.matched = [0, t.length]), (this.score = i + (e.length == this.pattern.length ? 0 : -100)), this)
    }
  }
  var he = k.define({
    combine(e) {
      return ue(
        e,
        {
          activateOnTyping: !0,
          activateOnCompletion: () => !1,
          activateOnTypingDelay: 100,
          selectOnOpen: !0,
          override: null,
          closeOnBlur: !0,
          maxRenderedOptions: 100,
          defaultKeymap: !0,
          tooltipClass: () => '',
          optionClass: () => '',
          aboveCursor: !1,
          icons: !0,
          addToOptions: [],
          positionInfo: Ug,
          filterStrict: !1,
          compareCompletions: (t, i) => (t.sortText || t.label).localeCompare(i.sortText || i.label),
          interactionDelay: 75,
          updateSyncTime: 100,
        },
        {
          defaultKeymap: (t, i) => t && i,
          closeOnBlur: (t, i) => t && i,
          icons: (t, i) => t && i,
          tooltipClass: (t, i) => (n) => nu(t(n), i(n)),
          optionClass: (t, i) => (n) => nu(t(n), i(n)),
          addToOptions: (t, i) => t.concat(i),
          filterStrict: (t, i) => t || i,
        },
      )
    },
  })
  function nu(e, t) {
    return e ? (t ? e + ' ' + t : e) : t
  }
  function Ug(e, t, i, n, s, r) {
    let o = e.textDirection == B.RTL,
      l = o,
      a = !1,
      h = 'top',
      c,
      f,
      u = t.left - s.left,
      d = s.right - t.right,
      p = n.right - n.left,
      O = n.bottom - n.top
    if (l && u < Math.min(p, d)) l = !1
    else if (!l && d < Math.min(p, u)) l = !0
    if (p <= (l ? u : d)) (c = Math.max(s.top, Math.min(i.top, s.bottom - O)) - t.top), (f = Math.min(400, l ? u : d))
    else {
      ;(a = !0), (f = Math.min(400, (o ? t.right : s.right - t.left) - 30))
      const x = s.bottom - t.bottom
      if (x >= O || x > t.top) c = i.bottom - t.top
      else (h = 'bottom'), (c = t.bottom - i.top)
    }
    const m = (t.bottom - t.top) / r.offsetHeight,
      y = (t.right - t.left) / r.offsetWidth
    return {
      style: `${h}: ${c / m}px; max-width: ${f / y}px`,
      class: 'cm-completionInfo-' + (a ? (o ? 'left-narrow' : 'right-narrow') : l ? 'left' : 'right'),
    }
  }
  var ll = M.define()
  function Vg(e) {
    const t = e.addToOptions.slice()
    if (e.icons)
      t.push({
        render(i) {
          const n = document.createElement('div')
          if ((n.classList.add('cm-completionIcon'), i.type))
            n.classList.add(...i.type.split(/\s+/g).map((s) => 'cm-completionIcon-' + s))
          return (n.setAttribute('aria-hidden', 'true'), n)
        },
        position: 20,
      })
    return (
      t.push(
        {
          render(i, n, s, r) {
            const o = document.createElement('span')
            o.className = 'cm-completionLabel'
            let l = i.displayLabel || i.label,
              a = 0
            for (let h = 0; h < r.length; ) {
              const c = r[h++],
                f = r[h++]
              if (c > a) o.appendChild(document.createTextNode(l.slice(a, c)))
              const u = o.appendChild(document.createElement('span'))
              u.appendChild(document.createTextNode(l.slice(c, f))), (u.className = 'cm-completionMatchedText'), (a = f)
            }
            if (a < l.length) o.appendChild(document.createTextNode(l.slice(a)))
            return o
          },
          position: 50,
        },
        {
          render(i) {
            if (!i.detail) return null
            const n = document.createElement('span')
            return ((n.className = 'cm-completionDetail'), (n.textContent = i.detail), n)
          },
          position: 80,
        },
      ),
      t.sort((i, n) => i.position - n.position).map((i) => i.render)
    )
  }
  function el(e, t, i) {
    if (e <= i) return { from: 0, to: e }
    if (t < 0) t = 0
    if (t <= e >> 1) {
      const s = Math.floor(t / i)
      return { from: s * i, to: (s + 1) * i }
    }
    const n = Math.ceil((e - t) / i)
    return { from: e - n * i, to: e - (n - 1) * i }
  }
  class du {
    constructor(e, t, i) {
      ;(this.view = e),
        (this.stateField = t),
        (this.applyCompletion = i),
        (this.info = null),
        (this.infoDestroy = null),
        (this.placeInfoReq = { read: () => this.measureInfo(), write: (l) => this.placeInfo(l), key: this }),
        (this.space = null),
        (this.currentClass = '')
      const n = e.state.field(t),
        { options: s, selected: r } = n.open,
        o = e.state.facet(he)
      ;(this.optionContent = Vg(o)),
        (this.optionClass = o.optionClass),
        (this.tooltipClass = o.tooltipClass),
        (this.range = el(s.length, r, o.maxRenderedOptions)),
        (this.dom = document.createElement('div')),
        (this.dom.className = 'cm-tooltip-autocomplete'),
        this.updateTooltipClass(e.state),
        this.dom.addEventListener('mousedown', (l) => {
          const { options: a } = e.state.field(t).open
          for (let h = l.target, c; h && h != this.dom; h = h.parentNode)
            if (h.nodeName == 'LI' && (c = /-(\d+)$/.exec(h.id)) && +c[1] < a.length) {
              this.applyCompletion(e, a[+c[1]]), l.preventDefault()
              return
            }
          if (l.target == this.list) {
            const h =
              this.list.classList.contains('cm-completionListIncompleteTop') &&
              l.clientY < this.list.firstChild.getBoundingClientRect().top
                ? this.range.from - 1
                : this.list.classList.contains('cm-completionListIncompleteBottom') &&
                    l.clientY > this.list.lastChild.getBoundingClientRect().bottom
                  ? this.range.to
                  : null
            if (h != null) e.dispatch({ effects: ll.of(h) }), l.preventDefault()
          }
        }),
        this.dom.addEventListener('focusout', (l) => {
          const a = e.state.field(this.stateField, !1)
          if (a && a.tooltip && e.state.facet(he).closeOnBlur && l.relatedTarget != e.contentDOM)
            e.dispatch({ effects: yn.of(null) })
        }),
        this.showOptions(s, n.id)
    }
    mount() {
      this.updateSel()
    }
    showOptions(e, t) {
      if (this.list) this.list.remove()
      ;(this.list = this.dom.appendChild(this.createListBox(e, t, this.range))),
        this.list.addEventListener('scroll', () => {
          if (this.info) this.view.requestMeasure(this.placeInfoReq)
        })
    }
    update(e) {
      var t
      const i = e.state.field(this.stateField),
        n = e.startState.field(this.stateField)
      if ((this.updateTooltipClass(e.state), i != n)) {
        const { options: s, selected: r, disabled: o } = i.open
        if (!n.open || n.open.options != s)
          (this.range = el(s.length, r, e.state.facet(he).maxRenderedOptions)), this.showOptions(s, i.id)
        if ((this.updateSel(), o != ((t = n.open) === null || t === void 0 ? void 0 : t.disabled)))
          this.dom.classList.toggle('cm-tooltip-autocomplete-disabled', !!o)
      }
    }
    updateTooltipClass(e) {
      const t = this.tooltipClass(e)
      if (t != this.currentClass) {
        for (const i of this.currentClass.split(' ')) if (i) this.dom.classList.remove(i)
        for (const i of t.split(' ')) if (i) this.dom.classList.add(i)
        this.currentClass = t
      }
    }
    positioned(e) {
      if (((this.space = e), this.info)) this.view.requestMeasure(this.placeInfoReq)
    }
    updateSel() {
      const e = this.view.state.field(this.stateField),
        t = e.open
      if ((t.selected > -1 && t.selected < this.range.from) || t.selected >= this.range.to)
        (this.range = el(t.options.length, t.selected, this.view.state.facet(he).maxRenderedOptions)),
          this.showOptions(t.options, e.id)
      const i = this.updateSelectedOption(t.selected)
      if (i) {
        this.destroyInfo()
        const { completion: n } = t.options[t.selected],
          { info: s } = n
        if (!s) return
        const r = typeof s === 'string' ? document.createTextNode(s) : s(n)
        if (!r) return
        if ('then' in r)
          r.then((o) => {
            if (o && this.view.state.field(this.stateField, !1) == e) this.addInfoPane(o, n)
          }).catch((o) => pe(this.view.state, o, 'completion info'))
        else this.addInfoPane(r, n), i.setAttribute('aria-describedby', this.info.id)
      }
    }
    addInfoPane(e, t) {
      this.destroyInfo()
      const i = (this.info = document.createElement('div'))
      if (
        ((i.className = 'cm-tooltip cm-completionInfo'),
        (i.id = 'cm-completionInfo-' + Math.floor(Math.random() * 65535).toString(16)),
        e.nodeType != null)
      )
        i.appendChild(e), (this.infoDestroy = null)
      else {
        const { dom: n, destroy: s } = e
        i.appendChild(n), (this.infoDestroy = s || null)
      }
      this.dom.appendChild(i), this.view.requestMeasure(this.placeInfoReq)
    }
    updateSelectedOption(e) {
      let t = null
      for (let i = this.list.firstChild, n = this.range.from; i; i = i.nextSibling, n++)
        if (i.nodeName != 'LI' || !i.id) n--
        else if (n == e) {
          if (!i.hasAttribute('aria-selected')) i.setAttribute('aria-selected', 'true'), (t = i)
        } else if (i.hasAttribute('aria-selected'))
          i.removeAttribute('aria-selected'), i.removeAttribute('aria-describedby')
      if (t) Gg(this.list, t)
      return t
    }
    measureInfo() {
      const e = this.dom.querySelector('[aria-selected]')
      if (!e || !this.info) return null
      let t = this.dom.getBoundingClientRect(),
        i = this.info.getBoundingClientRect(),
        n = e.getBoundingClientRect(),
        s = this.space
      if (!s) {
        const r = this.dom.ownerDocument.documentElement
        s = { left: 0, top: 0, right: r.clientWidth, bottom: r.clientHeight }
      }
      if (n.top > Math.min(s.bottom, t.bottom) - 10 || n.bottom < Math.max(s.top, t.top) + 10) return null
      return this.view.state.facet(he).positionInfo(this.view, t, n, i, s, this.dom)
    }
    placeInfo(e) {
      if (this.info)
        if (e) {
          if (e.style) this.info.style.cssText = e.style
          this.info.className = 'cm-tooltip cm-completionInfo ' + (e.class || '')
        } else this.info.style.cssText = 'top: -1e6px'
    }
    createListBox(e, t, i) {
      const n = document.createElement('ul')
      ;(n.id = t),
        n.setAttribute('role', 'listbox'),
        n.setAttribute('aria-expanded', 'true'),
        n.setAttribute('aria-label', this.view.state.phrase('Completions')),
        n.addEventListener('mousedown', (r) => {
          if (r.target == n) r.preventDefault()
        })
      let s = null
      for (let r = i.from; r < i.to; r++) {
        const { completion: o, match: l } = e[r],
          { section: a } = o
        if (a) {
          const f = typeof a == 'string' ? a : a.name
          if (f != s && (r > i.from || i.from == 0))
            if (((s = f), typeof a != 'string' && a.header)) n.appendChild(a.header(a))
            else {
              const u = n.appendChild(document.createElement('completion-section'))
              u.textContent = f
            }
        }
        const h = n.appendChild(document.createElement('li'))
        ;(h.id = t + '-' + r), h.setAttribute('role', 'option')
        const c = this.optionClass(o)
        if (c) h.className = c
        for (const f of this.optionContent) {
          const u = f(o, this.view.state, this.view, l)
          if (u) h.appendChild(u)
        }
      }
      if (i.from) n.classList.add('cm-completionListIncompleteTop')
      if (i.to < e.length) n.classList.add('cm-completionListIncompleteBottom')
      return n
    }
    destroyInfo() {
      if (this.info) {
        if (this.infoDestroy) this.infoDestroy()
        this.info.remove(), (this.info = null)
      }
    }
    destroy() {
      this.destroyInfo()
    }
  }
  function Ng(e, t) {
    return (i) => new du(i, e, t)
  }
  function Gg(e, t) {
    const i = e.getBoundingClientRect(),
      n = t.getBoundingClientRect(),
      s = i.height / e.offsetHeight
    if (n.top < i.top) e.scrollTop -= (i.top - n.top) / s
    else if (n.bottom > i.bottom) e.scrollTop += (n.bottom - i.bottom) / s
  }
  function su(e) {
    return (e.boost || 0) * 100 + (e.apply ? 10 : 0) + (e.info ? 5 : 0) + (e.type ? 1 : 0)
  }
  function Fg(e, t) {
    let i = [],
      n = null,
      s = null,
      r = (c) => {
        i.push(c)
        const { section: f } = c.completion
        if (f) {
          if (!n) n = []
          const u = typeof f == 'string' ? f : f.name
          if (!n.some((d) => d.name == u)) n.push(typeof f == 'string' ? { name: u } : f)
        }
      },
      o = t.facet(he)
    for (const c of e)
      if (c.hasResult()) {
        const f = c.result.getMatch
        if (c.result.filter === !1)
          for (const u of c.result.options) r(new nl(u, c.source, f ? f(u) : [], 1e9 - i.length))
        else {
          let u = t.sliceDoc(c.from, c.to),
            d,
            p = o.filterStrict ? new uu(u) : new fu(u)
          for (const O of c.result.options)
            if ((d = p.match(O.label))) {
              const m = !O.displayLabel ? d.matched : f ? f(O, d.matched) : [],
                y = d.score + (O.boost || 0)
              if ((r(new nl(O, c.source, m, y)), typeof O.section == 'object' && O.section.rank === 'dynamic')) {
                const { name: x } = O.section
                if (!s) s = Object.create(null)
                s[x] = Math.max(y, s[x] || -1e9)
              }
            }
        }
      }
    if (n) {
      let c = Object.create(null),
        f = 0,
        u = (d, p) =>
          (d.rank === 'dynamic' && p.rank === 'dynamic' ? s[p.name] - s[d.name] : 0) ||
          (typeof d.rank == 'number' ? d.rank : 1e9) - (typeof p.rank == 'number' ? p.rank : 1e9) ||
          (d.name < p.name ? -1 : 1)
      for (const d of n.sort(u)) (f -= 1e5), (c[d.name] = f)
      for (const d of i) {
        const { section: p } = d.completion
        if (p) d.score += c[typeof p == 'string' ? p : p.name]
      }
    }
    let l = [],
      a = null,
      h = o.compareCompletions
    for (const c of i.sort((f, u) => u.score - f.score || h(f.completion, u.completion))) {
      const f = c.completion
      if (
        !a ||
        a.label != f.label ||
        a.detail != f.detail ||
        (a.type != null && f.type != null && a.type != f.type) ||
        a.apply != f.apply ||
        a.boost != f.boost
      )
        l.push(c)
      else if (su(c.completion) > su(a)) l[l.length - 1] = c
      a = c.completion
    }
    return l
  }
  class $i {
    constructor(e, t, i, n, s, r) {
      ;(this.options = e),
        (this.attrs = t),
        (this.tooltip = i),
        (this.timestamp = n),
        (this.selected = s),
        (this.disabled = r)
    }
    setSelected(e, t) {
      return e == this.selected || e >= this.options.length
        ? this
        : new $i(this.options, ru(t, e), this.tooltip, this.timestamp, e, this.disabled)
    }
    static build(e, t, i, n, s, r) {
      if (n && !r && e.some((a) => a.isPending)) return n.setDisabled()
      const o = Fg(e, t)
      if (!o.length) return n && e.some((a) => a.isPending) ? n.setDisabled() : null
      let l = t.facet(he).selectOnOpen ? 0 : -1
      if (n && n.selected != l && n.selected != -1) {
        const a = n.options[n.selected].completion
        for (let h = 0; h < o.length; h++)
          if (o[h].completion == a) {
            l = h
            break
          }
      }
      return new $i(
        o,
        ru(i, l),
        { pos: e.reduce((a, h) => (h.hasResult() ? Math.min(a, h.from) : a), 1e8), create: i0, above: s.aboveCursor },
        n ? n.timestamp : Date.now(),
        l,
        !1,
      )
    }
    map(e) {
      return new $i(
        this.options,
        this.attrs,
        { ...this.tooltip, pos: e.mapPos(this.tooltip.pos) },
        this.timestamp,
        this.selected,
        this.disabled,
      )
    }
    setDisabled() {
      return new $i(this.options, this.attrs, this.tooltip, this.timestamp, this.selected, !0)
    }
  }
  class Ws {
    constructor(e, t, i) {
      ;(this.active = e), (this.id = t), (this.open = i)
    }
    static start() {
      return new Ws(e0, 'cm-ac-' + Math.floor(Math.random() * 2000000).toString(36), null)
    }
    update(e) {
      let { state: t } = e,
        i = t.facet(he),
        s = (i.override || t.languageDataAt('autocomplete', Vt(t)).map(qg)).map((l) =>
          (this.active.find((h) => h.source == l) || new Ie(l, this.active.some((h) => h.state != 0) ? 1 : 0)).update(
            e,
            i,
          ),
        )
      if (s.length == this.active.length && s.every((l, a) => l == this.active[a])) s = this.active
      let r = this.open,
        o = e.effects.some((l) => l.is(al))
      if (r && e.docChanged) r = r.map(e.changes)
      if (
        e.selection ||
        s.some((l) => l.hasResult() && e.changes.touchesRange(l.from, l.to)) ||
        !Hg(s, this.active) ||
        o
      )
        r = $i.build(s, t, this.id, r, i, o)
      else if (r && r.disabled && !s.some((l) => l.isPending)) r = null
      if (!r && s.every((l) => !l.isPending) && s.some((l) => l.hasResult()))
        s = s.map((l) => (l.hasResult() ? new Ie(l.source, 0) : l))
      for (const l of e.effects) if (l.is(ll)) r = r && r.setSelected(l.value, this.id)
      return s == this.active && r == this.open ? this : new Ws(s, this.id, r)
    }
    get tooltip() {
      return this.open ? this.open.tooltip : null
    }
    get attrs() {
      return this.open ? this.open.attrs : this.active.length ? Kg : Jg
    }
  }
  function Hg(e, t) {
    if (e == t) return !0
    for (let i = 0, n = 0; ; ) {
      while (i < e.length && !e[i].hasResult()) i++
      while (n < t.length && !t[n].hasResult()) n++
      const s = i == e.length,
        r = n == t.length
      if (s || r) return s == r
      if (e[i++].result != t[n++].result) return !1
    }
  }
  var Kg = { 'aria-autocomplete': 'list' },
    Jg = {}
  function ru(e, t) {
    const i = { 'aria-autocomplete': 'list', 'aria-haspopup': 'listbox', 'aria-controls': e }
    if (t > -1) i['aria-activedescendant'] = e + '-' + t
    return i
  }
  var e0 = []
  function pu(e, t) {
    if (e.isUserEvent('input.complete')) {
      const n = e.annotation(ol)
      if (n && t.activateOnCompletion(n)) return 12
    }
    const i = e.isUserEvent('input.type')
    return i && t.activateOnTyping
      ? 5
      : i
        ? 1
        : e.isUserEvent('delete.backward')
          ? 2
          : e.selection
            ? 8
            : e.docChanged
              ? 16
              : 0
  }
  class Ie {
    constructor(e, t, i = !1) {
      ;(this.source = e), (this.state = t), (this.explicit = i)
    }
    hasResult() {
      return !1
    }
    get isPending() {
      return this.state == 1
    }
    update(e, t) {
      let i = pu(e, t),
        n = this
      if (i & 8 || (i & 16 && this.touches(e))) n = new Ie(n.source, 0)
      if (i & 4 && n.state == 0) n = new Ie(this.source, 1)
      n = n.updateFor(e, i)
      for (const s of e.effects)
        if (s.is(Es)) n = new Ie(n.source, 1, s.value)
        else if (s.is(yn)) n = new Ie(n.source, 0)
        else if (s.is(al)) {
          for (const r of s.value) if (r.source == n.source) n = r
        }
      return n
    }
    updateFor(e, t) {
      return this.map(e.changes)
    }
    map(e) {
      return this
    }
    touches(e) {
      return e.changes.touchesRange(Vt(e.state))
    }
  }
  class Pi extends Ie {
    constructor(e, t, i, n, s, r) {
      super(e, 3, t)
      ;(this.limit = i), (this.result = n), (this.from = s), (this.to = r)
    }
    hasResult() {
      return !0
    }
    updateFor(e, t) {
      var i
      if (!(t & 3)) return this.map(e.changes)
      let n = this.result
      if (n.map && !e.changes.empty) n = n.map(n, e.changes)
      const s = e.changes.mapPos(this.from),
        r = e.changes.mapPos(this.to, 1),
        o = Vt(e.state)
      if (o > r || !n || (t & 2 && (Vt(e.startState) == this.from || o < this.limit)))
        return new Ie(this.source, t & 4 ? 1 : 0)
      const l = e.changes.mapPos(this.limit)
      if (t0(n.validFor, e.state, s, r)) return new Pi(this.source, this.explicit, l, n, s, r)
      if (n.update && (n = n.update(n, s, r, new sl(e.state, o, !1))))
        return new Pi(this.source, this.explicit, l, n, n.from, (i = n.to) !== null && i !== void 0 ? i : Vt(e.state))
      return new Ie(this.source, 1, this.explicit)
    }
    map(e) {
      if (e.empty) return this
      const t = this.result.map ? this.result.map(this.result, e) : this.result
      if (!t) return new Ie(this.source, 0)
      return new Pi(this.source, this.explicit, e.mapPos(this.limit), t, e.mapPos(this.from), e.mapPos(this.to, 1))
    }
    touches(e) {
      return e.changes.touchesRange(this.from, this.to)
    }
  }
  function t0(e, t, i, n) {
    if (!e) return !1
    const s = t.sliceDoc(i, n)
    return typeof e == 'function' ? e(s, i, n, t) : cu(e, !0).test(s)
  }
  var al = M.define({
      map(e, t) {
        return e.map((i) => i.map(t))
      },
    }),
    Ze = H.define({
      create() {
        return Ws.start()
      },
      update(e, t) {
        return e.update(t)
      },
      provide: (e) => [yi.from(e, (t) => t.tooltip), w.contentAttributes.from(e, (t) => t.attrs)],
    })
  function hl(e, t) {
    const i = t.completion.apply || t.completion.label,
      n = e.state.field(Ze).active.find((s) => s.source == t.source)
    if (!(n instanceof Pi)) return !1
    if (typeof i == 'string') e.dispatch({ ...Ig(e.state, i, n.from, n.to), annotations: ol.of(t.completion) })
    else i(e, t.completion, n.from, n.to)
    return !0
  }
  var i0 = Ng(Ze, hl)
  function js(e, t = 'option') {
    return (i) => {
      const n = i.state.field(Ze, !1)
      if (!n || !n.open || n.open.disabled || Date.now() - n.open.timestamp < i.state.facet(he).interactionDelay)
        return !1
      let s = 1,
        r
      if (t == 'page' && (r = Eo(i, n.open.tooltip)))
        s = Math.max(2, Math.floor(r.dom.offsetHeight / r.dom.querySelector('li').offsetHeight) - 1)
      let { length: o } = n.open.options,
        l = n.open.selected > -1 ? n.open.selected + s * (e ? 1 : -1) : e ? 0 : o - 1
      if (l < 0) l = t == 'page' ? 0 : o - 1
      else if (l >= o) l = t == 'page' ? o - 1 : 0
      return (i.dispatch({ effects: ll.of(l) }), !0)
    }
  }
  var n0 = (e) => {
      const t = e.state.field(Ze, !1)
      if (
        e.state.readOnly ||
        !t ||
        !t.open ||
        t.open.selected < 0 ||
        t.open.disabled ||
        Date.now() - t.open.timestamp < e.state.facet(he).interactionDelay
      )
        return !1
      return hl(e, t.open.options[t.open.selected])
    },
    tl = (e) => {
      if (!e.state.field(Ze, !1)) return !1
      return (e.dispatch({ effects: Es.of(!0) }), !0)
    },
    s0 = (e) => {
      const t = e.state.field(Ze, !1)
      if (!t || !t.active.some((i) => i.state != 0)) return !1
      return (e.dispatch({ effects: yn.of(null) }), !0)
    }
  class Ou {
    constructor(e, t) {
      ;(this.active = e), (this.context = t), (this.time = Date.now()), (this.updates = []), (this.done = void 0)
    }
  }
  var r0 = 50,
    o0 = 1000,
    l0 = K.fromClass(
      class {
        constructor(e) {
          ;(this.view = e),
            (this.debounceUpdate = -1),
            (this.running = []),
            (this.debounceAccept = -1),
            (this.pendingStart = !1),
            (this.composing = 0)
          for (const t of e.state.field(Ze).active) if (t.isPending) this.startQuery(t)
        }
        update(e) {
          const t = e.state.field(Ze),
            i = e.state.facet(he)
          if (!e.selectionSet && !e.docChanged && e.startState.field(Ze) == t) return
          const n = e.transactions.some((r) => {
            const o = pu(r, i)
            return o & 8 || ((r.selection || r.docChanged) && !(o & 3))
          })
          for (let r = 0; r < this.running.length; r++) {
            const o = this.running[r]
            if (
              n ||
              (o.context.abortOnDocChange && e.docChanged) ||
              (o.updates.length + e.transactions.length > r0 && Date.now() - o.time > o0)
            ) {
              for (const l of o.context.abortListeners)
                try {
                  l()
                } catch (a) {
                  pe(this.view.state, a)
                }
              ;(o.context.abortListeners = null), this.running.splice(r--, 1)
            } else o.updates.push(...e.transactions)
          }
          if (this.debounceUpdate > -1) clearTimeout(this.debounceUpdate)
          if (e.transactions.some((r) => r.effects.some((o) => o.is(Es)))) this.pendingStart = !0
          const s = this.pendingStart ? 50 : i.activateOnTypingDelay
          if (
            ((this.debounceUpdate = t.active.some(
              (r) => r.isPending && !this.running.some((o) => o.active.source == r.source),
            )
              ? setTimeout(() => this.startUpdate(), s)
              : -1),
            this.composing != 0)
          ) {
            for (const r of e.transactions)
              if (r.isUserEvent('input.type')) this.composing = 2
              else if (this.composing == 2 && r.selection) this.composing = 3
          }
        }
        startUpdate() {
          ;(this.debounceUpdate = -1), (this.pendingStart = !1)
          const { state: e } = this.view,
            t = e.field(Ze)
          for (const i of t.active)
            if (i.isPending && !this.running.some((n) => n.active.source == i.source)) this.startQuery(i)
          if (this.running.length && t.open && t.open.disabled)
            this.debounceAccept = setTimeout(() => this.accept(), this.view.state.facet(he).updateSyncTime)
        }
        startQuery(e) {
          const { state: t } = this.view,
            i = Vt(t),
            n = new sl(t, i, e.explicit, this.view),
            s = new Ou(e, n)
          this.running.push(s),
            Promise.resolve(e.source(n)).then(
              (r) => {
                if (!s.context.aborted) (s.done = r || null), this.scheduleAccept()
              },
              (r) => {
                this.view.dispatch({ effects: yn.of(null) }), pe(this.view.state, r)
              },
            )
        }
        scheduleAccept() {
          if (this.running.every((e) => e.done !== void 0)) this.accept()
          else if (this.debounceAccept < 0)
            this.debounceAccept = setTimeout(() => this.accept(), this.view.state.facet(he).updateSyncTime)
        }
        accept() {
          var e
          if (this.debounceAccept > -1) clearTimeout(this.debounceAccept)
          this.debounceAccept = -1
          const t = [],
            i = this.view.state.facet(he),
            n = this.view.state.field(Ze)
          for (let s = 0; s < this.running.length; s++) {
            const r = this.running[s]
            if (r.done === void 0) continue
            if ((this.running.splice(s--, 1), r.done)) {
              let l = Vt(r.updates.length ? r.updates[0].startState : this.view.state),
                a = Math.min(l, r.done.from + (r.active.explicit ? 0 : 1)),
                h = new Pi(
                  r.active.source,
                  r.active.explicit,
                  a,
                  r.done,
                  r.done.from,
                  (e = r.done.to) !== null && e !== void 0 ? e : l,
                )
              for (const c of r.updates) h = h.update(c, i)
              if (h.hasResult()) {
                t.push(h)
                continue
              }
            }
            const o = n.active.find((l) => l.source == r.active.source)
            if (o && o.isPending)
              if (r.done == null) {
                let l = new Ie(r.active.source, 0)
                for (const a of r.updates) l = l.update(a, i)
                if (!l.isPending) t.push(l)
              } else this.startQuery(o)
          }
          if (t.length || (n.open && n.open.disabled)) this.view.dispatch({ effects: al.of(t) })
        }
      },
      {
        eventHandlers: {
          blur(e) {
            const t = this.view.state.field(Ze, !1)
            if (t && t.tooltip && this.view.state.facet(he).closeOnBlur) {
              const i = t.open && Eo(this.view, t.open.tooltip)
              if (!i || !i.dom.contains(e.relatedTarget))
                setTimeout(() => this.view.dispatch({ effects: yn.of(null) }), 10)
            }
          },
          compositionstart() {
            this.composing = 1
          },
          compositionend() {
            if (this.composing == 3) setTimeout(() => this.view.dispatch({ effects: Es.of(!1) }), 20)
            this.composing = 0
          },
        },
      },
    ),
    a0 = typeof navigator == 'object' && /Win/.test(navigator.platform),
    h0 = Ye.highest(
      w.domEventHandlers({
        keydown(e, t) {
          const i = t.state.field(Ze, !1)
          if (
            !i ||
            !i.open ||
            i.open.disabled ||
            i.open.selected < 0 ||
            !e.key ||
            e.key.length > 1 ||
            (e.ctrlKey && !(a0 && e.altKey)) ||
            e.metaKey
          )
            return !1
          const n = i.open.options[i.open.selected],
            s = i.active.find((o) => o.source == n.source),
            r = n.completion.commitCharacters || s.result.commitCharacters
          if (r && r.indexOf(e.key) > -1) hl(t, n)
          return !1
        },
      }),
    ),
    mu = w.baseTheme({
      '.cm-tooltip.cm-tooltip-autocomplete': {
        '& > ul': {
          fontFamily: 'monospace',
          whiteSpace: 'nowrap',
          overflow: 'hidden auto',
          maxWidth_fallback: '700px',
          maxWidth: 'min(700px, 95vw)',
          minWidth: '250px',
          maxHeight: '10em',
          height: '100%',
          listStyle: 'none',
          margin: 0,
          padding: 0,
          '& > li, & > completion-section': { padding: '1px 3px', lineHeight: 1.2 },
          '& > li': { overflowX: 'hidden', textOverflow: 'ellipsis', cursor: 'pointer' },
          '& > completion-section': {
            display: 'list-item',
            borderBottom: '1px solid silver',
            paddingLeft: '0.5em',
            opacity: 0.7,
          },
        },
      },
      '&light .cm-tooltip-autocomplete ul li[aria-selected]': { background: '#17c', color: 'white' },
      '&light .cm-tooltip-autocomplete-disabled ul li[aria-selected]': { background: '#777' },
      '&dark .cm-tooltip-autocomplete ul li[aria-selected]': { background: '#347', color: 'white' },
      '&dark .cm-tooltip-autocomplete-disabled ul li[aria-selected]': { background: '#444' },
      '.cm-completionListIncompleteTop:before, .cm-completionListIncompleteBottom:after': {
        content: '"···"',
        opacity: 0.5,
        display: 'block',
        textAlign: 'center',
        cursor: 'pointer',
      },
      '.cm-tooltip.cm-completionInfo': {
        position: 'absolute',
        padding: '3px 9px',
        width: 'max-content',
        maxWidth: '400px',
        boxSizing: 'border-box',
        whiteSpace: 'pre-line',
      },
      '.cm-completionInfo.cm-completionInfo-left': { right: '100%' },
      '.cm-completionInfo.cm-completionInfo-right': { left: '100%' },
      '.cm-completionInfo.cm-completionInfo-left-narrow': { right: '30px' },
      '.cm-completionInfo.cm-completionInfo-right-narrow': { left: '30px' },
      '&light .cm-snippetField': { backgroundColor: '#00000022' },
      '&dark .cm-snippetField': { backgroundColor: '#ffffff22' },
      '.cm-snippetFieldPosition': {
        verticalAlign: 'text-top',
        width: 0,
        height: '1.15em',
        display: 'inline-block',
        margin: '0 -0.7px -.7em',
        borderLeft: '1.4px dotted #888',
      },
      '.cm-completionMatchedText': { textDecoration: 'underline' },
      '.cm-completionDetail': { marginLeft: '0.5em', fontStyle: 'italic' },
      '.cm-completionIcon': {
        fontSize: '90%',
        width: '.8em',
        display: 'inline-block',
        textAlign: 'center',
        paddingRight: '.6em',
        opacity: '0.6',
        boxSizing: 'content-box',
      },
      '.cm-completionIcon-function, .cm-completionIcon-method': { '&:after': { content: "'ƒ'" } },
      '.cm-completionIcon-class': { '&:after': { content: "'○'" } },
      '.cm-completionIcon-interface': { '&:after': { content: "'◌'" } },
      '.cm-completionIcon-variable': { '&:after': { content: "'\uD835\uDC65'" } },
      '.cm-completionIcon-constant': { '&:after': { content: "'\uD835\uDC36'" } },
      '.cm-completionIcon-type': { '&:after': { content: "'\uD835\uDC61'" } },
      '.cm-completionIcon-enum': { '&:after': { content: "'∪'" } },
      '.cm-completionIcon-property': { '&:after': { content: "'□'" } },
      '.cm-completionIcon-keyword': { '&:after': { content: "'\uD83D\uDD11︎'" } },
      '.cm-completionIcon-namespace': { '&:after': { content: "'▢'" } },
      '.cm-completionIcon-text': { '&:after': { content: "'abc'", fontSize: '50%', verticalAlign: 'middle' } },
    })
  class gu {
    constructor(e, t, i, n) {
      ;(this.field = e), (this.line = t), (this.from = i), (this.to = n)
    }
  }
  class cl {
    constructor(e, t, i) {
      ;(this.field = e), (this.from = t), (this.to = i)
    }
    map(e) {
      const t = e.mapPos(this.from, -1, le.TrackDel),
        i = e.mapPos(this.to, 1, le.TrackDel)
      return t == null || i == null ? null : new cl(this.field, t, i)
    }
  }
  class fl {
    constructor(e, t) {
      ;(this.lines = e), (this.fieldPositions = t)
    }
    instantiate(e, t) {
      const i = [],
        n = [t],
        s = e.doc.lineAt(t),
        r = /^\s*/.exec(s.text)[0]
      for (let l of this.lines) {
        if (i.length) {
          let a = r,
            h = /^\t*/.exec(l)[0].length
          for (let c = 0; c < h; c++) a += e.facet(wi)
          n.push(t + a.length - h), (l = a + l.slice(h))
        }
        i.push(l), (t += l.length + 1)
      }
      const o = this.fieldPositions.map((l) => new cl(l.field, n[l.line] + l.from, n[l.line] + l.to))
      return { text: i, ranges: o }
    }
    static parse(e) {
      let t = [],
        i = [],
        n = [],
        s
      for (let r of e.split(/\r\n?|\n/)) {
        while ((s = /[#$]\{(?:(\d+)(?::([^{}]*))?|((?:\\[{}]|[^{}])*))\}/.exec(r))) {
          let o = s[1] ? +s[1] : null,
            l = s[2] || s[3] || '',
            a = -1
          if (o === 0) o = 1e9
          const h = l.replace(/\\[{}]/g, (c) => c[1])
          for (let c = 0; c < t.length; c++) if (o != null ? t[c].seq == o : h ? t[c].name == h : !1) a = c
          if (a < 0) {
            let c = 0
            while (c < t.length && (o == null || (t[c].seq != null && t[c].seq < o))) c++
            t.splice(c, 0, { seq: o, name: h }), (a = c)
            for (const f of n) if (f.field >= a) f.field++
          }
          for (const c of n)
            if (c.line == i.length && c.from > s.index) {
              const f = s[2] ? 3 + (s[1] || '').length : 2
              ;(c.from -= f), (c.to -= f)
            }
          n.push(new gu(a, i.length, s.index, s.index + h.length)),
            (r = r.slice(0, s.index) + l + r.slice(s.index + s[0].length))
        }
        ;(r = r.replace(/\\([{}])/g, (o, l, a) => {
          for (const h of n) if (h.line == i.length && h.from > a) h.from--, h.to--
          return l
        })),
          i.push(r)
      }
      return new fl(i, n)
    }
  }
  var c0 = X.widget({
      widget: new (class extends Ce {
        toDOM() {
          const e = document.createElement('span')
          return ((e.className = 'cm-snippetFieldPosition'), e)
        }
        ignoreEvent() {
          return !1
        }
      })(),
    }),
    f0 = X.mark({ class: 'cm-snippetField' })
  class Ci {
    constructor(e, t) {
      ;(this.ranges = e),
        (this.active = t),
        (this.deco = X.set(
          e.map((i) => (i.from == i.to ? c0 : f0).range(i.from, i.to)),
          !0,
        ))
    }
    map(e) {
      const t = []
      for (const i of this.ranges) {
        const n = i.map(e)
        if (!n) return null
        t.push(n)
      }
      return new Ci(t, this.active)
    }
    selectionInsideField(e) {
      return e.ranges.every((t) => this.ranges.some((i) => i.field == this.active && i.from <= t.from && i.to >= t.to))
    }
  }
  var Qn = M.define({
      map(e, t) {
        return e && e.map(t)
      },
    }),
    u0 = M.define(),
    xn = H.define({
      create() {
        return null
      },
      update(e, t) {
        for (const i of t.effects) {
          if (i.is(Qn)) return i.value
          if (i.is(u0) && e) return new Ci(e.ranges, i.value)
        }
        if (e && t.docChanged) e = e.map(t.changes)
        if (e && t.selection && !e.selectionInsideField(t.selection)) e = null
        return e
      },
      provide: (e) => w.decorations.from(e, (t) => (t ? t.deco : X.none)),
    })
  function ul(e, t) {
    return b.create(e.filter((i) => i.field == t).map((i) => b.range(i.from, i.to)))
  }
  function d0(e) {
    const t = fl.parse(e)
    return (i, n, s, r) => {
      const { text: o, ranges: l } = t.instantiate(i.state, s),
        { main: a } = i.state.selection,
        h = {
          changes: { from: s, to: r == a.from ? a.to : r, insert: j.of(o) },
          scrollIntoView: !0,
          annotations: n ? [ol.of(n), J.userEvent.of('input.complete')] : void 0,
        }
      if (l.length) h.selection = ul(l, 0)
      if (l.some((c) => c.field > 0)) {
        const c = new Ci(l, 0),
          f = (h.effects = [Qn.of(c)])
        if (i.state.field(xn, !1) === void 0) f.push(M.appendConfig.of([xn, b0, y0, mu]))
      }
      i.dispatch(i.state.update(h))
    }
  }
  function bu(e) {
    return ({ state: t, dispatch: i }) => {
      const n = t.field(xn, !1)
      if (!n || (e < 0 && n.active == 0)) return !1
      const s = n.active + e,
        r = e > 0 && !n.ranges.some((o) => o.field == s + e)
      return (
        i(t.update({ selection: ul(n.ranges, s), effects: Qn.of(r ? null : new Ci(n.ranges, s)), scrollIntoView: !0 })),
        !0
      )
    }
  }
  var p0 = ({ state: e, dispatch: t }) => {
      if (!e.field(xn, !1)) return !1
      return (t(e.update({ effects: Qn.of(null) })), !0)
    },
    O0 = bu(1),
    m0 = bu(-1)
  var g0 = [
      { key: 'Tab', run: O0, shift: m0 },
      { key: 'Escape', run: p0 },
    ],
    ou = k.define({
      combine(e) {
        return e.length ? e[0] : g0
      },
    }),
    b0 = Ye.highest(bi.compute([ou], (e) => e.facet(ou)))
  function ke(e, t) {
    return { ...t, apply: d0(e) }
  }
  var y0 = w.domEventHandlers({
    mousedown(e, t) {
      let i = t.state.field(xn, !1),
        n
      if (!i || (n = t.posAtCoords({ x: e.clientX, y: e.clientY })) == null) return !1
      const s = i.ranges.find((r) => r.from <= n && r.to >= n)
      if (!s || s.field == i.active) return !1
      return (
        t.dispatch({
          selection: ul(i.ranges, s.field),
          effects: Qn.of(i.ranges.some((r) => r.field > s.field) ? new Ci(i.ranges, s.field) : null),
          scrollIntoView: !0,
        }),
        !0
      )
    },
  })
  var Sn = { brackets: ['(', '[', '{', "'", '"'], before: ')]}:;>', stringPrefixes: [] },
    Ut = M.define({
      map(e, t) {
        const i = t.mapPos(e, -1, le.TrackAfter)
        return i == null ? void 0 : i
      },
    }),
    dl = new (class extends Ge {})()
  dl.startSide = 1
  dl.endSide = -1
  var yu = H.define({
    create() {
      return _.empty
    },
    update(e, t) {
      if (((e = e.map(t.changes)), t.selection)) {
        const i = t.state.doc.lineAt(t.selection.main.head)
        e = e.update({ filter: (n) => n >= i.from && n <= i.to })
      }
      for (const i of t.effects) if (i.is(Ut)) e = e.update({ add: [dl.range(i.value, i.value + 1)] })
      return e
    },
  })
  function xu() {
    return [S0, yu]
  }
  var il = '()[]{}<>«»»«［］｛｝'
  function Su(e) {
    for (let t = 0; t < il.length; t += 2) if (il.charCodeAt(t) == e) return il.charAt(t + 1)
    return Ni(e < 128 ? e : e + 1)
  }
  function Qu(e, t) {
    return e.languageDataAt('closeBrackets', t)[0] || Sn
  }
  var x0 = typeof navigator == 'object' && /Android\b/.test(navigator.userAgent),
    S0 = w.inputHandler.of((e, t, i, n) => {
      if ((x0 ? e.composing : e.compositionStarted) || e.state.readOnly) return !1
      const s = e.state.selection.main
      if (n.length > 2 || (n.length == 2 && Re(fe(n, 0)) == 1) || t != s.from || i != s.to) return !1
      const r = w0(e.state, n)
      if (!r) return !1
      return (e.dispatch(r), !0)
    }),
    Q0 = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      let n = Qu(e, e.selection.main.head).brackets || Sn.brackets,
        s = null,
        r = e.changeByRange((o) => {
          if (o.empty) {
            const l = k0(e.doc, o.head)
            for (const a of n)
              if (a == l && Ys(e.doc, o.head) == Su(fe(a, 0)))
                return {
                  changes: { from: o.head - a.length, to: o.head + a.length },
                  range: b.cursor(o.head - a.length),
                }
          }
          return { range: (s = o) }
        })
      if (!s) t(e.update(r, { scrollIntoView: !0, userEvent: 'delete.backward' }))
      return !s
    },
    wu = [{ key: 'Backspace', run: Q0 }]
  function w0(e, t) {
    const i = Qu(e, e.selection.main.head),
      n = i.brackets || Sn.brackets
    for (const s of n) {
      const r = Su(fe(s, 0))
      if (t == s) return r == s ? P0(e, s, n.indexOf(s + s + s) > -1, i) : v0(e, s, r, i.before || Sn.before)
      if (t == r && ku(e, e.selection.main.from)) return $0(e, s, r)
    }
    return null
  }
  function ku(e, t) {
    let i = !1
    return (
      e.field(yu).between(0, e.doc.length, (n) => {
        if (n == t) i = !0
      }),
      i
    )
  }
  function Ys(e, t) {
    const i = e.sliceString(t, t + 2)
    return i.slice(0, Re(fe(i, 0)))
  }
  function k0(e, t) {
    const i = e.sliceString(t - 2, t)
    return Re(fe(i, 0)) == i.length ? i : i.slice(1)
  }
  function v0(e, t, i, n) {
    let s = null,
      r = e.changeByRange((o) => {
        if (!o.empty)
          return {
            changes: [
              { insert: t, from: o.from },
              { insert: i, from: o.to },
            ],
            effects: Ut.of(o.to + t.length),
            range: b.range(o.anchor + t.length, o.head + t.length),
          }
        const l = Ys(e.doc, o.head)
        if (!l || /\s/.test(l) || n.indexOf(l) > -1)
          return {
            changes: { insert: t + i, from: o.head },
            effects: Ut.of(o.head + t.length),
            range: b.cursor(o.head + t.length),
          }
        return { range: (s = o) }
      })
    return s ? null : e.update(r, { scrollIntoView: !0, userEvent: 'input.type' })
  }
  function $0(e, t, i) {
    let n = null,
      s = e.changeByRange((r) => {
        if (r.empty && Ys(e.doc, r.head) == i)
          return { changes: { from: r.head, to: r.head + i.length, insert: i }, range: b.cursor(r.head + i.length) }
        return (n = { range: r })
      })
    return n ? null : e.update(s, { scrollIntoView: !0, userEvent: 'input.type' })
  }
  function P0(e, t, i, n) {
    let s = n.stringPrefixes || Sn.stringPrefixes,
      r = null,
      o = e.changeByRange((l) => {
        if (!l.empty)
          return {
            changes: [
              { insert: t, from: l.from },
              { insert: t, from: l.to },
            ],
            effects: Ut.of(l.to + t.length),
            range: b.range(l.anchor + t.length, l.head + t.length),
          }
        let a = l.head,
          h = Ys(e.doc, a),
          c
        if (h == t) {
          if (lu(e, a))
            return { changes: { insert: t + t, from: a }, effects: Ut.of(a + t.length), range: b.cursor(a + t.length) }
          else if (ku(e, a)) {
            const u = i && e.sliceDoc(a, a + t.length * 3) == t + t + t ? t + t + t : t
            return { changes: { from: a, to: a + u.length, insert: u }, range: b.cursor(a + u.length) }
          }
        } else if (i && e.sliceDoc(a - 2 * t.length, a) == t + t && (c = au(e, a - 2 * t.length, s)) > -1 && lu(e, c))
          return {
            changes: { insert: t + t + t + t, from: a },
            effects: Ut.of(a + t.length),
            range: b.cursor(a + t.length),
          }
        else if (e.charCategorizer(a)(h) != q.Word) {
          if (au(e, a, s) > -1 && !C0(e, a, t, s))
            return { changes: { insert: t + t, from: a }, effects: Ut.of(a + t.length), range: b.cursor(a + t.length) }
        }
        return { range: (r = l) }
      })
    return r ? null : e.update(o, { scrollIntoView: !0, userEvent: 'input.type' })
  }
  function lu(e, t) {
    const i = ne(e).resolveInner(t + 1)
    return i.parent && i.from == t
  }
  function C0(e, t, i, n) {
    let s = ne(e).resolveInner(t, -1),
      r = n.reduce((o, l) => Math.max(o, l.length), 0)
    for (let o = 0; o < 5; o++) {
      const l = e.sliceDoc(s.from, Math.min(s.to, s.from + i.length + r)),
        a = l.indexOf(i)
      if (!a || (a > -1 && n.indexOf(l.slice(0, a)) > -1)) {
        let c = s.firstChild
        while (c && c.from == s.from && c.to - c.from > i.length + a) {
          if (e.sliceDoc(c.to - i.length, c.to) == i) return !1
          c = c.firstChild
        }
        return !0
      }
      const h = s.to == t && s.parent
      if (!h) break
      s = h
    }
    return !1
  }
  function au(e, t, i) {
    const n = e.charCategorizer(t)
    if (n(e.sliceDoc(t - 1, t)) != q.Word) return t
    for (const s of i) {
      const r = t - s.length
      if (e.sliceDoc(r, t) == s && n(e.sliceDoc(r - 1, r)) != q.Word) return r
    }
    return -1
  }
  function vu(e = {}) {
    return [h0, Ze, he.of(e), l0, Z0, mu]
  }
  var pl = [
      { key: 'Ctrl-Space', run: tl },
      { mac: 'Alt-`', run: tl },
      { mac: 'Alt-i', run: tl },
      { key: 'Escape', run: s0 },
      { key: 'ArrowDown', run: js(!0) },
      { key: 'ArrowUp', run: js(!1) },
      { key: 'PageDown', run: js(!0, 'page') },
      { key: 'PageUp', run: js(!1, 'page') },
      { key: 'Enter', run: n0 },
    ],
    Z0 = Ye.highest(bi.computeN([he], (e) => (e.facet(he).defaultKeymap ? [pl] : [])))
  var Zu = [
      ke('function ${name}(${params}) {\n\t${}\n}', { label: 'function', detail: 'definition', type: 'keyword' }),
      ke('for (let ${index} = 0; ${index} < ${bound}; ${index}++) {\n\t${}\n}', {
        label: 'for',
        detail: 'loop',
        type: 'keyword',
      }),
      ke('for (let ${name} of ${collection}) {\n\t${}\n}', { label: 'for', detail: 'of loop', type: 'keyword' }),
      ke('do {\n\t${}\n} while (${})', { label: 'do', detail: 'loop', type: 'keyword' }),
      ke('while (${}) {\n\t${}\n}', { label: 'while', detail: 'loop', type: 'keyword' }),
      ke(
        `try {
	\${}
} catch (\${error}) {
	\${}
}`,
        { label: 'try', detail: '/ catch block', type: 'keyword' },
      ),
      ke('if (${}) {\n\t${}\n}', { label: 'if', detail: 'block', type: 'keyword' }),
      ke(
        `if (\${}) {
	\${}
} else {
	\${}
}`,
        { label: 'if', detail: '/ else block', type: 'keyword' },
      ),
      ke(
        `class \${name} {
	constructor(\${params}) {
		\${}
	}
}`,
        { label: 'class', detail: 'definition', type: 'keyword' },
      ),
      ke('import {${names}} from "${module}"\n${}', { label: 'import', detail: 'named', type: 'keyword' }),
      ke('import ${name} from "${module}"\n${}', { label: 'import', detail: 'default', type: 'keyword' }),
    ],
    A0 = Zu.concat([
      ke('interface ${name} {\n\t${}\n}', { label: 'interface', detail: 'definition', type: 'keyword' }),
      ke('type ${name} = ${type}', { label: 'type', detail: 'definition', type: 'keyword' }),
      ke('enum ${name} {\n\t${}\n}', { label: 'enum', detail: 'definition', type: 'keyword' }),
    ]),
    $u = new fr(),
    Au = new Set([
      'Script',
      'Block',
      'FunctionExpression',
      'FunctionDeclaration',
      'ArrowFunction',
      'MethodDeclaration',
      'ForStatement',
    ])
  function wn(e) {
    return (t, i) => {
      const n = t.node.getChild('VariableDefinition')
      if (n) i(n, e)
      return !0
    }
  }
  var X0 = ['FunctionDeclaration'],
    M0 = {
      FunctionDeclaration: wn('function'),
      ClassDeclaration: wn('class'),
      ClassExpression: () => !0,
      EnumDeclaration: wn('constant'),
      TypeAliasDeclaration: wn('type'),
      NamespaceDeclaration: wn('namespace'),
      VariableDefinition(e, t) {
        if (!e.matchContext(X0)) t(e, 'variable')
      },
      TypeDefinition(e, t) {
        t(e, 'type')
      },
      __proto__: null,
    }
  function Xu(e, t) {
    const i = $u.get(t)
    if (i) return i
    let n = [],
      s = !0
    function r(o, l) {
      const a = e.sliceString(o.from, o.to)
      n.push({ label: a, type: l })
    }
    return (
      t.cursor(N.IncludeAnonymous).iterate((o) => {
        if (s) s = !1
        else if (o.name) {
          const l = M0[o.name]
          if ((l && l(o, r)) || Au.has(o.name)) return !1
        } else if (o.to - o.from > 8192) {
          for (const l of Xu(e, o.node)) n.push(l)
          return !1
        }
      }),
      $u.set(t, n),
      n
    )
  }
  var Pu = /^[\w$\xa1-\uffff][\w$\d\xa1-\uffff]*$/,
    Mu = [
      'TemplateString',
      'String',
      'RegExp',
      'LineComment',
      'BlockComment',
      'VariableDefinition',
      'TypeDefinition',
      'Label',
      'PropertyDefinition',
      'PropertyName',
      'PrivatePropertyDefinition',
      'PrivatePropertyName',
      'JSXText',
      'JSXAttributeValue',
      'JSXOpenTag',
      'JSXCloseTag',
      'JSXSelfClosingTag',
      '.',
      '?.',
    ]
  function R0(e) {
    const t = ne(e.state).resolveInner(e.pos, -1)
    if (Mu.indexOf(t.name) > -1) return null
    const i = t.name == 'VariableName' || (t.to - t.from < 20 && Pu.test(e.state.sliceDoc(t.from, t.to)))
    if (!i && !e.explicit) return null
    let n = []
    for (let s = t; s; s = s.parent) if (Au.has(s.name)) n = n.concat(Xu(e.state.doc, s))
    return { options: n, from: i ? t.from : e.pos, validFor: Pu }
  }
  var Nt = mn.define({
      name: 'javascript',
      parser: pa.configure({
        props: [
          Fo.add({
            IfStatement: _s({ except: /^\s*({|else\b)/ }),
            TryStatement: _s({ except: /^\s*({|catch\b|finally\b)/ }),
            LabeledStatement: _f,
            SwitchBody: (e) => {
              const t = e.textAfter,
                i = /^\s*\}/.test(t),
                n = /^\s*(case|default)\b/.test(t)
              return e.baseIndent + (i ? 0 : n ? 1 : 2) * e.unit
            },
            Block: Rf({ closing: '}' }),
            ArrowFunction: (e) => e.baseIndent + e.unit,
            'TemplateString BlockComment': () => null,
            'Statement Property': _s({ except: /^\s*{/ }),
            JSXElement(e) {
              const t = /^\s*<\//.test(e.textAfter)
              return e.lineIndent(e.node.from) + (t ? 0 : e.unit)
            },
            JSXEscape(e) {
              const t = /\s*\}/.test(e.textAfter)
              return e.lineIndent(e.node.from) + (t ? 0 : e.unit)
            },
            'JSXOpenTag JSXSelfClosingTag'(e) {
              return e.column(e.node.from) + e.unit
            },
          }),
          Ko.add({
            'Block ClassBody SwitchBody EnumBody ObjectExpression ArrayExpression ObjectType': Df,
            BlockComment(e) {
              return { from: e.from + 2, to: e.to - 2 }
            },
            JSXElement(e) {
              const t = e.firstChild
              if (!t || t.name == 'JSXSelfClosingTag') return null
              const i = e.lastChild
              return { from: t.to, to: i.type.isError ? e.to : i.from }
            },
            'JSXSelfClosingTag JSXOpenTag'(e) {
              var t
              const i = (t = e.firstChild) === null || t === void 0 ? void 0 : t.nextSibling,
                n = e.lastChild
              if (!i || i.type.isError) return null
              return { from: i.to, to: n.type.isError ? e.to : n.from }
            },
          }),
        ],
      }),
      languageData: {
        closeBrackets: { brackets: ['(', '[', '{', "'", '"', '`'] },
        commentTokens: { line: '//', block: { open: '/*', close: '*/' } },
        indentOnInput: /^\s*(?:case |default:|\{|\}|<\/)$/,
        wordChars: '$',
      },
    }),
    Ru = { test: (e) => /^JSX/.test(e.name), facet: No({ commentTokens: { block: { open: '{/*', close: '*/}' } } }) },
    T0 = Nt.configure({ dialect: 'ts' }, 'typescript'),
    _0 = Nt.configure({ dialect: 'jsx', props: [Rs.add((e) => (e.isTop ? [Ru] : void 0))] }),
    L0 = Nt.configure({ dialect: 'jsx ts', props: [Rs.add((e) => (e.isTop ? [Ru] : void 0))] }, 'typescript'),
    Tu = (e) => ({ label: e, type: 'keyword' }),
    _u =
      'break case const continue default delete export extends false finally in instanceof let new return static super switch this throw true typeof var yield'
        .split(' ')
        .map(Tu),
    D0 = _u.concat(['declare', 'implements', 'private', 'protected', 'public'].map(Tu))
  function Lu(e = {}) {
    const t = e.jsx ? (e.typescript ? L0 : _0) : e.typescript ? T0 : Nt,
      i = e.typescript ? A0.concat(D0) : Zu.concat(_u)
    return new Go(t, [Nt.data.of({ autocomplete: hu(Mu, rl(i)) }), Nt.data.of({ autocomplete: R0 }), e.jsx ? W0 : []])
  }
  function j0(e) {
    for (;;) {
      if (e.name == 'JSXOpenTag' || e.name == 'JSXSelfClosingTag' || e.name == 'JSXFragmentTag') return e
      if (e.name == 'JSXEscape' || !e.parent) return null
      e = e.parent
    }
  }
  function Cu(e, t, i = e.length) {
    for (let n = t === null || t === void 0 ? void 0 : t.firstChild; n; n = n.nextSibling)
      if (
        n.name == 'JSXIdentifier' ||
        n.name == 'JSXBuiltin' ||
        n.name == 'JSXNamespacedName' ||
        n.name == 'JSXMemberExpression'
      )
        return e.sliceString(n.from, Math.min(n.to, i))
    return ''
  }
  var E0 = typeof navigator == 'object' && /Android\b/.test(navigator.userAgent),
    W0 = w.inputHandler.of((e, t, i, n, s) => {
      if (
        (E0 ? e.composing : e.compositionStarted) ||
        e.state.readOnly ||
        t != i ||
        (n != '>' && n != '/') ||
        !Nt.isActiveAt(e.state, t, -1)
      )
        return !1
      const r = s(),
        { state: o } = r,
        l = o.changeByRange((a) => {
          var h
          let { head: c } = a,
            f = ne(o).resolveInner(c - 1, -1),
            u
          if (f.name == 'JSXStartTag') f = f.parent
          if (o.doc.sliceString(c - 1, c) != n || (f.name == 'JSXAttributeValue' && f.to > c));
          else if (n == '>' && f.name == 'JSXFragmentTag') return { range: a, changes: { from: c, insert: '</>' } }
          else if (n == '/' && f.name == 'JSXStartCloseTag') {
            const d = f.parent,
              p = d.parent
            if (
              p &&
              d.from == c - 2 &&
              ((u = Cu(o.doc, p.firstChild, c)) ||
                ((h = p.firstChild) === null || h === void 0 ? void 0 : h.name) == 'JSXFragmentTag')
            ) {
              const O = `${u}>`
              return { range: b.cursor(c + O.length, -1), changes: { from: c, insert: O } }
            }
          } else if (n == '>') {
            const d = j0(f)
            if (d && d.name == 'JSXOpenTag' && !/^\/?>|^<\//.test(o.doc.sliceString(c, c + 2)) && (u = Cu(o.doc, d, c)))
              return { range: a, changes: { from: c, insert: `</${u}>` } }
          }
          return { range: a }
        })
      if (l.changes.empty) return !1
      return (e.dispatch([r, o.update(l, { userEvent: 'input.complete', scrollIntoView: !0 })]), !0)
    })
  class Ol {
    constructor(e, t, i) {
      ;(this.from = e), (this.to = t), (this.diagnostic = i)
    }
  }
  class Gt {
    constructor(e, t, i) {
      ;(this.diagnostics = e), (this.panel = t), (this.selected = i)
    }
    static init(e, t, i) {
      const n = i.facet(kn).markerFilter
      if (n) e = n(e, i)
      let s = e.slice().sort((u, d) => u.from - d.from || u.to - d.to),
        r = new $e(),
        o = [],
        l = 0,
        a = i.doc.iter(),
        h = 0,
        c = i.doc.length
      for (let u = 0; ; ) {
        const d = u == s.length ? null : s[u]
        if (!d && !o.length) break
        let p, O
        if (o.length) (p = l), (O = o.reduce((x, Q) => Math.min(x, Q.to), d && d.from > p ? d.from : 1e8))
        else {
          if (((p = d.from), p > c)) break
          ;(O = d.to), o.push(d), u++
        }
        while (u < s.length) {
          const x = s[u]
          if (x.from == p && (x.to > x.from || x.to == p)) o.push(x), u++, (O = Math.min(x.to, O))
          else {
            O = Math.min(x.from, O)
            break
          }
        }
        O = Math.min(O, c)
        let m = !1
        if (o.some((x) => x.from == p && (x.to == O || O == c))) {
          if (((m = p == O), !m && O - p < 10)) {
            const x = p - (h + a.value.length)
            if (x > 0) a.next(x), (h = p)
            for (let Q = p; ; ) {
              if (Q >= O) {
                m = !0
                break
              }
              if (!a.lineBreak && h + a.value.length > Q) break
              ;(Q = h + a.value.length), (h += a.value.length), a.next()
            }
          }
        }
        const y = Nu(o)
        if (m) r.add(p, p, X.widget({ widget: new Vu(y), diagnostics: o.slice() }))
        else {
          const x = o.reduce((Q, P) => (P.markClass ? Q + ' ' + P.markClass : Q), '')
          r.add(
            p,
            O,
            X.mark({
              class: 'cm-lintRange cm-lintRange-' + y + x,
              diagnostics: o.slice(),
              inclusiveEnd: o.some((Q) => Q.to > O),
            }),
          )
        }
        if (((l = O), l == c)) break
        for (let x = 0; x < o.length; x++) if (o[x].to <= l) o.splice(x--, 1)
      }
      const f = r.finish()
      return new Gt(f, t, Xt(f))
    }
  }
  function Xt(e, t = null, i = 0) {
    let n = null
    return (
      e.between(i, 1e9, (s, r, { spec: o }) => {
        if (t && o.diagnostics.indexOf(t) < 0) return
        if (!n) n = new Ol(s, r, t || o.diagnostics[0])
        else if (o.diagnostics.indexOf(n.diagnostic) < 0) return !1
        else n = new Ol(n.from, r, n.diagnostic)
      }),
      n
    )
  }
  function Eu(e, t) {
    const i = t.pos,
      n = t.end || i,
      s = e.state.facet(kn).hideOn(e, i, n)
    if (s != null) return s
    const r = e.startState.doc.lineAt(t.pos)
    return !!(e.effects.some((o) => o.is(Is)) || e.changes.touchesRange(r.from, Math.max(r.to, n)))
  }
  function Wu(e, t) {
    return e.field(De, !1) ? t : t.concat(M.appendConfig.of(K0))
  }
  function Yu(e, t) {
    return { effects: Wu(e, [Is.of(t)]) }
  }
  var Is = M.define(),
    bl = M.define(),
    zu = M.define(),
    De = H.define({
      create() {
        return new Gt(X.none, null, null)
      },
      update(e, t) {
        if (t.docChanged && e.diagnostics.size) {
          let i = e.diagnostics.map(t.changes),
            n = null,
            s = e.panel
          if (e.selected) {
            const r = t.changes.mapPos(e.selected.from, 1)
            n = Xt(i, e.selected.diagnostic, r) || Xt(i, null, r)
          }
          if (!i.size && s && t.state.facet(kn).autoPanel) s = null
          e = new Gt(i, s, n)
        }
        for (const i of t.effects)
          if (i.is(Is)) {
            const n = !t.state.facet(kn).autoPanel ? e.panel : i.value.length ? vn.open : null
            e = Gt.init(i.value, n, t.state)
          } else if (i.is(bl)) e = new Gt(e.diagnostics, i.value ? vn.open : null, e.selected)
          else if (i.is(zu)) e = new Gt(e.diagnostics, e.panel, i.value)
        return e
      },
      provide: (e) => [It.from(e, (t) => t.panel), w.decorations.from(e, (t) => t.diagnostics)],
    })
  var Y0 = X.mark({ class: 'cm-lintRange cm-lintRange-active' })
  function z0(e, t, i) {
    let { diagnostics: n } = e.state.field(De),
      s,
      r = -1,
      o = -1
    n.between(t - (i < 0 ? 1 : 0), t + (i > 0 ? 1 : 0), (a, h, { spec: c }) => {
      if (t >= a && t <= h && (a == h || ((t > a || i > 0) && (t < h || i < 0))))
        return ((s = c.diagnostics), (r = a), (o = h), !1)
    })
    const l = e.state.facet(kn).tooltipFilter
    if (s && l) s = l(s, e.state)
    if (!s) return null
    return {
      pos: r,
      end: o,
      above: !0,
      create() {
        return { dom: Bu(e, s) }
      },
    }
  }
  function Bu(e, t) {
    return Y(
      'ul',
      { class: 'cm-tooltip-lint' },
      t.map((i) => Uu(e, i, !1)),
    )
  }
  var B0 = (e) => {
      const t = e.state.field(De, !1)
      if (!t || !t.panel) e.dispatch({ effects: Wu(e.state, [bl.of(!0)]) })
      const i = xi(e, vn.open)
      if (i) i.dom.querySelector('.cm-panel-lint ul').focus()
      return !0
    },
    Du = (e) => {
      const t = e.state.field(De, !1)
      if (!t || !t.panel) return !1
      return (e.dispatch({ effects: bl.of(!1) }), !0)
    },
    I0 = (e) => {
      const t = e.state.field(De, !1)
      if (!t) return !1
      let i = e.state.selection.main,
        n = Xt(t.diagnostics, null, i.to + 1)
      if (!n) {
        if (((n = Xt(t.diagnostics, null, 0)), !n || (n.from == i.from && n.to == i.to))) return !1
      }
      return (
        e.dispatch({ selection: { anchor: n.from, head: n.to }, scrollIntoView: !0 }),
        uf(e, n.from, 1, {
          tooltip: Fu,
          until: (s) => s.docChanged || s.newSelection.main.head < n.from || s.newSelection.main.head > n.to,
        }),
        !0
      )
    }
  var Iu = [
    { key: 'Mod-Shift-m', run: B0, preventDefault: !0 },
    { key: 'F8', run: I0 },
  ]
  var kn = k.define({
    combine(e) {
      return {
        sources: e.map((t) => t.source).filter((t) => t != null),
        ...ue(
          e.map((t) => t.config),
          { delay: 750, markerFilter: null, tooltipFilter: null, needsRefresh: null, hideOn: () => null },
          {
            delay: Math.max,
            markerFilter: ju,
            tooltipFilter: ju,
            needsRefresh: (t, i) => (!t ? i : !i ? t : (n) => t(n) || i(n)),
            hideOn: (t, i) => (!t ? i : !i ? t : (n, s, r) => t(n, s, r) || i(n, s, r)),
            autoPanel: (t, i) => t || i,
          },
        ),
      }
    },
  })
  function ju(e, t) {
    return !e ? t : !t ? e : (i, n) => t(e(i, n), n)
  }
  function qu(e) {
    const t = []
    if (e)
      e: for (const { name: i } of e) {
        for (let n = 0; n < i.length; n++) {
          const s = i[n]
          if (/[a-zA-Z]/.test(s) && !t.some((r) => r.toLowerCase() == s.toLowerCase())) {
            t.push(s)
            continue e
          }
        }
        t.push('')
      }
    return t
  }
  function Uu(e, t, i) {
    var n
    const s = i ? qu(t.actions) : []
    return Y(
      'li',
      { class: 'cm-diagnostic cm-diagnostic-' + t.severity },
      Y('span', { class: 'cm-diagnosticText' }, t.renderMessage ? t.renderMessage(e) : t.message),
      (n = t.actions) === null || n === void 0
        ? void 0
        : n.map((r, o) => {
            let l = 0,
              a = (d) => {
                if ((d.preventDefault(), l > Date.now() - 100)) return
                const p = Xt(e.state.field(De).diagnostics, t)
                if (p) r.apply(e, p.from, p.to)
                l = Date.now()
              },
              { name: h } = r,
              c = s[o] ? h.indexOf(s[o]) : -1,
              f = c < 0 ? h : [h.slice(0, c), Y('u', h.slice(c, c + 1)), h.slice(c + 1)],
              u = r.markClass ? ' ' + r.markClass : ''
            return Y(
              'button',
              {
                type: 'button',
                class: 'cm-diagnosticAction' + u,
                onclick: a,
                onmousedown: a,
                'aria-label': ` Action: ${h}${c < 0 ? '' : ` (access key "${s[o]})"`}.`,
              },
              f,
            )
          }),
      t.source && Y('div', { class: 'cm-diagnosticSource' }, t.source),
    )
  }
  class Vu extends Ce {
    constructor(e) {
      super()
      this.sev = e
    }
    eq(e) {
      return e.sev == this.sev
    }
    toDOM() {
      return Y('span', { class: 'cm-lintPoint cm-lintPoint-' + this.sev })
    }
  }
  class ml {
    constructor(e, t) {
      ;(this.diagnostic = t),
        (this.id = 'item_' + Math.floor(Math.random() * 4294967295).toString(16)),
        (this.dom = Uu(e, t, !0)),
        (this.dom.id = this.id),
        this.dom.setAttribute('role', 'option')
    }
  }
  class vn {
    constructor(e) {
      ;(this.view = e), (this.items = [])
      const t = (n) => {
          if (n.ctrlKey || n.altKey || n.metaKey) return
          if (n.keyCode == 27) Du(this.view), this.view.focus()
          else if (n.keyCode == 38 || n.keyCode == 33)
            this.moveSelection((this.selectedIndex - 1 + this.items.length) % this.items.length)
          else if (n.keyCode == 40 || n.keyCode == 34) this.moveSelection((this.selectedIndex + 1) % this.items.length)
          else if (n.keyCode == 36) this.moveSelection(0)
          else if (n.keyCode == 35) this.moveSelection(this.items.length - 1)
          else if (n.keyCode == 13) this.view.focus()
          else if (n.keyCode >= 65 && n.keyCode <= 90 && this.selectedIndex >= 0) {
            const { diagnostic: s } = this.items[this.selectedIndex],
              r = qu(s.actions)
            for (let o = 0; o < r.length; o++)
              if (r[o].toUpperCase().charCodeAt(0) == n.keyCode) {
                const l = Xt(this.view.state.field(De).diagnostics, s)
                if (l) s.actions[o].apply(e, l.from, l.to)
              }
          } else return
          n.preventDefault()
        },
        i = (n) => {
          for (let s = 0; s < this.items.length; s++) if (this.items[s].dom.contains(n.target)) this.moveSelection(s)
        }
      ;(this.list = Y('ul', {
        tabIndex: 0,
        role: 'listbox',
        'aria-label': this.view.state.phrase('Diagnostics'),
        onkeydown: t,
        onclick: i,
      })),
        (this.dom = Y(
          'div',
          { class: 'cm-panel-lint' },
          this.list,
          Y(
            'button',
            {
              type: 'button',
              name: 'close',
              'aria-label': this.view.state.phrase('close'),
              onclick: () => Du(this.view),
            },
            '×',
          ),
        )),
        this.update()
    }
    get selectedIndex() {
      const e = this.view.state.field(De).selected
      if (!e) return -1
      for (let t = 0; t < this.items.length; t++) if (this.items[t].diagnostic == e.diagnostic) return t
      return -1
    }
    update() {
      let { diagnostics: e, selected: t } = this.view.state.field(De),
        i = 0,
        n = !1,
        s = null,
        r = new Set()
      e.between(0, this.view.state.doc.length, (o, l, { spec: a }) => {
        for (const h of a.diagnostics) {
          if (r.has(h)) continue
          r.add(h)
          let c = -1,
            f
          for (let u = i; u < this.items.length; u++)
            if (this.items[u].diagnostic == h) {
              c = u
              break
            }
          if (c < 0) (f = new ml(this.view, h)), this.items.splice(i, 0, f), (n = !0)
          else if (((f = this.items[c]), c > i)) this.items.splice(i, c - i), (n = !0)
          if (t && f.diagnostic == t.diagnostic) {
            if (!f.dom.hasAttribute('aria-selected')) f.dom.setAttribute('aria-selected', 'true'), (s = f)
          } else if (f.dom.hasAttribute('aria-selected')) f.dom.removeAttribute('aria-selected')
          i++
        }
      })
      while (i < this.items.length && !(this.items.length == 1 && this.items[0].diagnostic.from < 0))
        (n = !0), this.items.pop()
      if (this.items.length == 0)
        this.items.push(
          new ml(this.view, { from: -1, to: -1, severity: 'info', message: this.view.state.phrase('No diagnostics') }),
        ),
          (n = !0)
      if (s)
        this.list.setAttribute('aria-activedescendant', s.id),
          this.view.requestMeasure({
            key: this,
            read: () => ({ sel: s.dom.getBoundingClientRect(), panel: this.list.getBoundingClientRect() }),
            write: ({ sel: o, panel: l }) => {
              const a = l.height / this.list.offsetHeight
              if (o.top < l.top) this.list.scrollTop -= (l.top - o.top) / a
              else if (o.bottom > l.bottom) this.list.scrollTop += (o.bottom - l.bottom) / a
            },
          })
      else if (this.selectedIndex < 0) this.list.removeAttribute('aria-activedescendant')
      if (n) this.sync()
    }
    sync() {
      let e = this.list.firstChild
      function t() {
        const i = e
        ;(e = i.nextSibling), i.remove()
      }
      for (const i of this.items)
        if (i.dom.parentNode == this.list) {
          while (e != i.dom) t()
          e = i.dom.nextSibling
        } else this.list.insertBefore(i.dom, e)
      while (e) t()
    }
    moveSelection(e) {
      if (this.selectedIndex < 0) return
      const t = this.view.state.field(De),
        i = Xt(t.diagnostics, this.items[e].diagnostic)
      if (!i) return
      this.view.dispatch({ selection: { anchor: i.from, head: i.to }, scrollIntoView: !0, effects: zu.of(i) })
    }
    static open(e) {
      return new vn(e)
    }
  }
  function Bs(e, t = 'viewBox="0 0 40 40"') {
    return `url('data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" ${t}>${encodeURIComponent(e)}</svg>')`
  }
  function zs(e) {
    return Bs(
      `<path d="m0 2.5 l2 -1.5 l1 0 l2 1.5 l1 0" stroke="${e}" fill="none" stroke-width=".7"/>`,
      'width="6" height="3"',
    )
  }
  var q0 = w.baseTheme({
    '.cm-diagnostic': { padding: '3px 6px 3px 8px', marginLeft: '-1px', display: 'block', whiteSpace: 'pre-wrap' },
    '.cm-diagnostic-error': { borderLeft: '5px solid #d11' },
    '.cm-diagnostic-warning': { borderLeft: '5px solid orange' },
    '.cm-diagnostic-info': { borderLeft: '5px solid #999' },
    '.cm-diagnostic-hint': { borderLeft: '5px solid #66d' },
    '.cm-diagnosticAction': {
      font: 'inherit',
      border: 'none',
      padding: '2px 4px',
      backgroundColor: '#444',
      color: 'white',
      borderRadius: '3px',
      marginLeft: '8px',
      cursor: 'pointer',
    },
    '.cm-diagnosticSource': { fontSize: '70%', opacity: 0.7 },
    '.cm-lintRange': { backgroundPosition: 'left bottom', backgroundRepeat: 'repeat-x', paddingBottom: '0.7px' },
    '.cm-lintRange-error': { backgroundImage: zs('#f11') },
    '.cm-lintRange-warning': { backgroundImage: zs('orange') },
    '.cm-lintRange-info': { backgroundImage: zs('#999') },
    '.cm-lintRange-hint': { backgroundImage: zs('#66d') },
    '.cm-lintRange-active': { backgroundColor: '#ffdd9980' },
    '.cm-tooltip-lint': { padding: 0, margin: 0 },
    '.cm-lintPoint': {
      position: 'relative',
      '&:after': {
        content: '""',
        position: 'absolute',
        bottom: 0,
        left: '-2px',
        borderLeft: '3px solid transparent',
        borderRight: '3px solid transparent',
        borderBottom: '4px solid #d11',
      },
    },
    '.cm-lintPoint-warning': { '&:after': { borderBottomColor: 'orange' } },
    '.cm-lintPoint-info': { '&:after': { borderBottomColor: '#999' } },
    '.cm-lintPoint-hint': { '&:after': { borderBottomColor: '#66d' } },
    '.cm-panel.cm-panel-lint': {
      position: 'relative',
      '& ul': {
        maxHeight: '100px',
        overflowY: 'auto',
        '& [aria-selected]': { backgroundColor: '#ddd', '& u': { textDecoration: 'underline' } },
        '&:focus [aria-selected]': {
          background_fallback: '#bdf',
          backgroundColor: 'Highlight',
          color_fallback: 'white',
          color: 'HighlightText',
        },
        '& u': { textDecoration: 'none' },
        padding: 0,
        margin: 0,
      },
      '& [name=close]': {
        position: 'absolute',
        top: '0',
        right: '2px',
        background: 'inherit',
        border: 'none',
        font: 'inherit',
        padding: 0,
        margin: 0,
      },
    },
    '&dark .cm-lintRange-active': { backgroundColor: '#86714a80' },
    '&dark .cm-panel.cm-panel-lint ul': { '& [aria-selected]': { backgroundColor: '#2e343e' } },
  })
  function U0(e) {
    return e == 'error' ? 4 : e == 'warning' ? 3 : e == 'info' ? 2 : 1
  }
  function Nu(e) {
    let t = 'hint',
      i = 1
    for (const n of e) {
      const s = U0(n.severity)
      if (s > i) (i = s), (t = n.severity)
    }
    return t
  }
  class yl extends Le {
    constructor(e) {
      super()
      ;(this.diagnostics = e), (this.severity = Nu(e))
    }
    toDOM(e) {
      const t = document.createElement('div')
      t.className = 'cm-lint-marker cm-lint-marker-' + this.severity
      let i = this.diagnostics,
        n = e.state.facet(qs).tooltipFilter
      if (n) i = n(i, e.state)
      if (i.length) t.onmouseover = () => N0(e, t, i)
      return t
    }
  }
  function V0(e, t) {
    const i = (n) => {
      const s = t.getBoundingClientRect()
      if (n.clientX > s.left - 10 && n.clientX < s.right + 10 && n.clientY > s.top - 10 && n.clientY < s.bottom + 10)
        return
      for (let r = n.target; r; r = r.parentNode) if (r.nodeType == 1 && r.classList.contains('cm-tooltip-lint')) return
      if ((window.removeEventListener('mousemove', i), e.state.field(Gu))) e.dispatch({ effects: xl.of(null) })
    }
    window.addEventListener('mousemove', i)
  }
  function N0(e, t, i) {
    function n() {
      const o = e.elementAtHeight(t.getBoundingClientRect().top + 5 - e.documentTop)
      if (e.coordsAtPos(o.from))
        e.dispatch({
          effects: xl.of({
            pos: o.from,
            above: !1,
            clip: !1,
            create() {
              return { dom: Bu(e, i), getCoords: () => t.getBoundingClientRect() }
            },
          }),
        })
      ;(t.onmouseout = t.onmousemove = null), V0(e, t)
    }
    let { hoverTime: s } = e.state.facet(qs),
      r = setTimeout(n, s)
    ;(t.onmouseout = () => {
      clearTimeout(r), (t.onmouseout = t.onmousemove = null)
    }),
      (t.onmousemove = () => {
        clearTimeout(r), (r = setTimeout(n, s))
      })
  }
  function G0(e, t) {
    const i = Object.create(null)
    for (const s of t) {
      const r = e.lineAt(s.from)
      ;(i[r.from] || (i[r.from] = [])).push(s)
    }
    const n = []
    for (const s in i) n.push(new yl(i[s]).range(+s))
    return _.of(n, !0)
  }
  var F0 = Cs({
      class: 'cm-gutter-lint',
      markers: (e) => e.state.field(gl),
      widgetMarker: (e, t, i) => {
        const n = []
        return (
          e.state.field(gl).between(i.from, i.to, (s, r, o) => {
            if (s > i.from && s < i.to) n.push(...o.diagnostics)
          }),
          n.length ? new yl(n) : null
        )
      },
    }),
    gl = H.define({
      create() {
        return _.empty
      },
      update(e, t) {
        e = e.map(t.changes)
        const i = t.state.facet(qs).markerFilter
        for (const n of t.effects)
          if (n.is(Is)) {
            let s = n.value
            if (i) s = i(s || [], t.state)
            e = G0(t.state.doc, s.slice(0))
          }
        return e
      },
    }),
    xl = M.define(),
    Gu = H.define({
      create() {
        return null
      },
      update(e, t) {
        if (e && t.docChanged) e = Eu(t, e) ? null : { ...e, pos: t.changes.mapPos(e.pos) }
        return t.effects.reduce((i, n) => (n.is(xl) ? n.value : i), e)
      },
      provide: (e) => yi.from(e),
    }),
    H0 = w.baseTheme({
      '.cm-gutter-lint': { width: '1.4em', '& .cm-gutterElement': { padding: '.2em' } },
      '.cm-lint-marker': { width: '1em', height: '1em' },
      '.cm-lint-marker-info': {
        content: Bs(
          '<path fill="#aaf" stroke="#77e" stroke-width="6" stroke-linejoin="round" d="M5 5L35 5L35 35L5 35Z"/>',
        ),
      },
      '.cm-lint-marker-warning': {
        content: Bs('<path fill="#fe8" stroke="#fd7" stroke-width="6" stroke-linejoin="round" d="M20 6L37 35L3 35Z"/>'),
      },
      '.cm-lint-marker-error': {
        content: Bs('<circle cx="20" cy="20" r="15" fill="#f87" stroke="#f43" stroke-width="6"/>'),
      },
    }),
    Fu = ff(z0, { hideOn: Eu }),
    K0 = [
      De,
      w.decorations.compute([De], (e) => {
        const { selected: t, panel: i } = e.field(De)
        return !t || !i || t.from == t.to ? X.none : X.set([Y0.range(t.from, t.to)])
      }),
      Fu,
      q0,
    ],
    qs = k.define({
      combine(e) {
        return ue(e, { hoverTime: 300, markerFilter: null, tooltipFilter: null })
      },
    })
  function Hu(e = {}) {
    return [qs.of(e), gl, F0, H0, Gu]
  }
  var J0 = (e) => {
    const { state: t } = e,
      i = t.doc.lineAt(t.selection.main.from),
      n = Pl(e.state, i.from)
    return n.line ? eb(e) : n.block ? ib(e) : !1
  }
  function $l(e, t) {
    return ({ state: i, dispatch: n }) => {
      if (i.readOnly) return !1
      const s = e(t, i)
      if (!s) return !1
      return (n(i.update(s)), !0)
    }
  }
  var eb = $l(rb, 0)
  var tb = $l(od, 0)
  var ib = $l((e, t) => od(e, t, sb(t)), 0)
  function Pl(e, t) {
    const i = e.languageDataAt('commentTokens', t, 1)
    return i.length ? i[0] : {}
  }
  var $n = 50
  function nb(e, { open: t, close: i }, n, s) {
    const r = e.sliceDoc(n - $n, n),
      o = e.sliceDoc(s, s + $n),
      l = /\s*$/.exec(r)[0].length,
      a = /^\s*/.exec(o)[0].length,
      h = r.length - l
    if (r.slice(h - t.length, h) == t && o.slice(a, a + i.length) == i)
      return { open: { pos: n - l, margin: l && 1 }, close: { pos: s + a, margin: a && 1 } }
    let c, f
    if (s - n <= 2 * $n) c = f = e.sliceDoc(n, s)
    else (c = e.sliceDoc(n, n + $n)), (f = e.sliceDoc(s - $n, s))
    const u = /^\s*/.exec(c)[0].length,
      d = /\s*$/.exec(f)[0].length,
      p = f.length - d - i.length
    if (c.slice(u, u + t.length) == t && f.slice(p, p + i.length) == i)
      return {
        open: { pos: n + u + t.length, margin: /\s/.test(c.charAt(u + t.length)) ? 1 : 0 },
        close: { pos: s - d - i.length, margin: /\s/.test(f.charAt(p - 1)) ? 1 : 0 },
      }
    return null
  }
  function sb(e) {
    const t = []
    for (const i of e.selection.ranges) {
      let n = e.doc.lineAt(i.from),
        s = i.to <= n.to ? n : e.doc.lineAt(i.to)
      if (s.from > n.from && s.from == i.to) s = i.to == n.to + 1 ? n : e.doc.lineAt(i.to - 1)
      const r = t.length - 1
      if (r >= 0 && t[r].to > n.from) t[r].to = s.to
      else t.push({ from: n.from + /^\s*/.exec(n.text)[0].length, to: s.to })
    }
    return t
  }
  function od(e, t, i = t.selection.ranges) {
    const n = i.map((r) => Pl(t, r.from).block)
    if (!n.every((r) => r)) return null
    const s = i.map((r, o) => nb(t, n[o], r.from, r.to))
    if (e != 2 && !s.every((r) => r))
      return {
        changes: t.changes(
          i.map((r, o) => {
            if (s[o]) return []
            return [
              { from: r.from, insert: n[o].open + ' ' },
              { from: r.to, insert: ' ' + n[o].close },
            ]
          }),
        ),
      }
    else if (e != 1 && s.some((r) => r)) {
      const r = []
      for (let o = 0, l; o < s.length; o++)
        if ((l = s[o])) {
          const a = n[o],
            { open: h, close: c } = l
          r.push(
            { from: h.pos - a.open.length, to: h.pos + h.margin },
            { from: c.pos - c.margin, to: c.pos + a.close.length },
          )
        }
      return { changes: r }
    }
    return null
  }
  function rb(e, t, i = t.selection.ranges) {
    let n = [],
      s = -1
    e: for (const { from: r, to: o } of i) {
      let l = n.length,
        a = 1e9,
        h
      for (let c = r; c <= o; ) {
        const f = t.doc.lineAt(c)
        if (h == null) {
          if (((h = Pl(t, f.from).line), !h)) continue e
        }
        if (f.from > s && (r == o || o > f.from)) {
          s = f.from
          const u = /^\s*/.exec(f.text)[0].length,
            d = u == f.length,
            p = f.text.slice(u, u + h.length) == h ? u : -1
          if (u < f.text.length && u < a) a = u
          n.push({ line: f, comment: p, token: h, indent: u, empty: d, single: !1 })
        }
        c = f.to + 1
      }
      if (a < 1e9) {
        for (let c = l; c < n.length; c++) if (n[c].indent < n[c].line.text.length) n[c].indent = a
      }
      if (n.length == l + 1) n[l].single = !0
    }
    if (e != 2 && n.some((r) => r.comment < 0 && (!r.empty || r.single))) {
      const r = []
      for (const { line: l, token: a, indent: h, empty: c, single: f } of n)
        if (f || !c) r.push({ from: l.from + h, insert: a + ' ' })
      const o = t.changes(r)
      return { changes: o, selection: t.selection.map(o, 1) }
    } else if (e != 1 && n.some((r) => r.comment >= 0)) {
      const r = []
      for (const { line: o, comment: l, token: a } of n)
        if (l >= 0) {
          let h = o.from + l,
            c = h + a.length
          if (o.text[c - o.from] == ' ') c++
          r.push({ from: h, to: c })
        }
      return { changes: r }
    }
    return null
  }
  var Ql = Te.define(),
    ob = Te.define(),
    lb = k.define(),
    ld = k.define({
      combine(e) {
        return ue(
          e,
          { minDepth: 100, newGroupDelay: 500, joinToEvent: (t, i) => i },
          { minDepth: Math.max, newGroupDelay: Math.min, joinToEvent: (t, i) => (n, s) => t(n, s) || i(n, s) },
        )
      },
    }),
    ad = H.define({
      create() {
        return dt.empty
      },
      update(e, t) {
        const i = t.state.facet(ld),
          n = t.annotation(Ql)
        if (n) {
          let a = Ae.fromTransaction(t, n.selection),
            h = n.side,
            c = h == 0 ? e.undone : e.done
          if (a) c = Vs(c, c.length, i.minDepth, a)
          else c = ud(c, t.startState.selection)
          return new dt(h == 0 ? n.rest : c, h == 0 ? c : n.rest)
        }
        const s = t.annotation(ob)
        if (s == 'full' || s == 'before') e = e.isolate()
        if (t.annotation(J.addToHistory) === !1) return !t.changes.empty ? e.addMapping(t.changes.desc) : e
        const r = Ae.fromTransaction(t),
          o = t.annotation(J.time),
          l = t.annotation(J.userEvent)
        if (r) e = e.addChanges(r, o, l, i, t)
        else if (t.selection) e = e.addSelection(t.startState.selection, o, l, i.newGroupDelay)
        if (s == 'full' || s == 'after') e = e.isolate()
        return e
      },
      toJSON(e) {
        return { done: e.done.map((t) => t.toJSON()), undone: e.undone.map((t) => t.toJSON()) }
      },
      fromJSON(e) {
        return new dt(e.done.map(Ae.fromJSON), e.undone.map(Ae.fromJSON))
      },
    })
  function hd(e = {}) {
    return [
      ad,
      ld.of(e),
      w.domEventHandlers({
        beforeinput(t, i) {
          const n = t.inputType == 'historyUndo' ? cd : t.inputType == 'historyRedo' ? wl : null
          if (!n) return !1
          return (t.preventDefault(), n(i))
        },
      }),
    ]
  }
  function Ns(e, t) {
    return ({ state: i, dispatch: n }) => {
      if (!t && i.readOnly) return !1
      const s = i.field(ad, !1)
      if (!s) return !1
      const r = s.pop(e, i, t)
      if (!r) return !1
      return (n(r), !0)
    }
  }
  var cd = Ns(0, !1),
    wl = Ns(1, !1),
    ab = Ns(0, !0),
    hb = Ns(1, !0)
  class Ae {
    constructor(e, t, i, n, s) {
      ;(this.changes = e), (this.effects = t), (this.mapped = i), (this.startSelection = n), (this.selectionsAfter = s)
    }
    setSelAfter(e) {
      return new Ae(this.changes, this.effects, this.mapped, this.startSelection, e)
    }
    toJSON() {
      var e, t, i
      return {
        changes: (e = this.changes) === null || e === void 0 ? void 0 : e.toJSON(),
        mapped: (t = this.mapped) === null || t === void 0 ? void 0 : t.toJSON(),
        startSelection: (i = this.startSelection) === null || i === void 0 ? void 0 : i.toJSON(),
        selectionsAfter: this.selectionsAfter.map((n) => n.toJSON()),
      }
    }
    static fromJSON(e) {
      return new Ae(
        e.changes && re.fromJSON(e.changes),
        [],
        e.mapped && Ne.fromJSON(e.mapped),
        e.startSelection && b.fromJSON(e.startSelection),
        e.selectionsAfter.map(b.fromJSON),
      )
    }
    static fromTransaction(e, t) {
      let i = qe
      for (const n of e.startState.facet(lb)) {
        const s = n(e)
        if (s.length) i = i.concat(s)
      }
      if (!i.length && e.changes.empty) return null
      return new Ae(e.changes.invert(e.startState.doc), i, void 0, t || e.startState.selection, qe)
    }
    static selection(e) {
      return new Ae(void 0, qe, void 0, void 0, e)
    }
  }
  function Vs(e, t, i, n) {
    const s = t + 1 > i + 20 ? t - i - 1 : 0,
      r = e.slice(s, t)
    return (r.push(n), r)
  }
  function cb(e, t) {
    let i = [],
      n = !1
    return (
      e.iterChangedRanges((s, r) => i.push(s, r)),
      t.iterChangedRanges((s, r, o, l) => {
        for (let a = 0; a < i.length; ) {
          const h = i[a++],
            c = i[a++]
          if (l >= h && o <= c) n = !0
        }
      }),
      n
    )
  }
  function fb(e, t) {
    return e.ranges.length == t.ranges.length && e.ranges.filter((i, n) => i.empty != t.ranges[n].empty).length === 0
  }
  function fd(e, t) {
    return !e.length ? t : !t.length ? e : e.concat(t)
  }
  var qe = [],
    ub = 200
  function ud(e, t) {
    if (!e.length) return [Ae.selection([t])]
    else {
      const i = e[e.length - 1],
        n = i.selectionsAfter.slice(Math.max(0, i.selectionsAfter.length - ub))
      if (n.length && n[n.length - 1].eq(t)) return e
      return (n.push(t), Vs(e, e.length - 1, 1e9, i.setSelAfter(n)))
    }
  }
  function db(e) {
    const t = e[e.length - 1],
      i = e.slice()
    return ((i[e.length - 1] = t.setSelAfter(t.selectionsAfter.slice(0, t.selectionsAfter.length - 1))), i)
  }
  function Sl(e, t) {
    if (!e.length) return e
    let i = e.length,
      n = qe
    while (i) {
      const s = pb(e[i - 1], t, n)
      if ((s.changes && !s.changes.empty) || s.effects.length) {
        const r = e.slice(0, i)
        return ((r[i - 1] = s), r)
      } else (t = s.mapped), i--, (n = s.selectionsAfter)
    }
    return n.length ? [Ae.selection(n)] : qe
  }
  function pb(e, t, i) {
    const n = fd(e.selectionsAfter.length ? e.selectionsAfter.map((l) => l.map(t)) : qe, i)
    if (!e.changes) return Ae.selection(n)
    const s = e.changes.map(t),
      r = t.mapDesc(e.changes, !0),
      o = e.mapped ? e.mapped.composeDesc(r) : r
    return new Ae(s, M.mapEffects(e.effects, t), o, e.startSelection.map(r), n)
  }
  var Ob = /^(input\.type|delete)($|\.)/
  class dt {
    constructor(e, t, i = 0, n = void 0) {
      ;(this.done = e), (this.undone = t), (this.prevTime = i), (this.prevUserEvent = n)
    }
    isolate() {
      return this.prevTime ? new dt(this.done, this.undone) : this
    }
    addChanges(e, t, i, n, s) {
      let r = this.done,
        o = r[r.length - 1]
      if (
        o &&
        o.changes &&
        !o.changes.empty &&
        e.changes &&
        (!i || Ob.test(i)) &&
        ((!o.selectionsAfter.length &&
          t - this.prevTime < n.newGroupDelay &&
          n.joinToEvent(s, cb(o.changes, e.changes))) ||
          i == 'input.type.compose')
      )
        r = Vs(
          r,
          r.length - 1,
          n.minDepth,
          new Ae(
            e.changes.compose(o.changes),
            fd(M.mapEffects(e.effects, o.changes), o.effects),
            o.mapped,
            o.startSelection,
            qe,
          ),
        )
      else r = Vs(r, r.length, n.minDepth, e)
      return new dt(r, qe, t, i)
    }
    addSelection(e, t, i, n) {
      const s = this.done.length ? this.done[this.done.length - 1].selectionsAfter : qe
      if (
        s.length > 0 &&
        t - this.prevTime < n &&
        i == this.prevUserEvent &&
        i &&
        /^select($|\.)/.test(i) &&
        fb(s[s.length - 1], e)
      )
        return this
      return new dt(ud(this.done, e), this.undone, t, i)
    }
    addMapping(e) {
      return new dt(Sl(this.done, e), Sl(this.undone, e), this.prevTime, this.prevUserEvent)
    }
    pop(e, t, i) {
      const n = e == 0 ? this.done : this.undone
      if (n.length == 0) return null
      const s = n[n.length - 1],
        r = s.selectionsAfter[0] || (s.startSelection ? s.startSelection.map(s.changes.invertedDesc, 1) : t.selection)
      if (i && s.selectionsAfter.length)
        return t.update({
          selection: s.selectionsAfter[s.selectionsAfter.length - 1],
          annotations: Ql.of({ side: e, rest: db(n), selection: r }),
          userEvent: e == 0 ? 'select.undo' : 'select.redo',
          scrollIntoView: !0,
        })
      else if (!s.changes) return null
      else {
        let o = n.length == 1 ? qe : n.slice(0, n.length - 1)
        if (s.mapped) o = Sl(o, s.mapped)
        return t.update({
          changes: s.changes,
          selection: s.startSelection,
          effects: s.effects,
          annotations: Ql.of({ side: e, rest: o, selection: r }),
          filter: !1,
          userEvent: e == 0 ? 'undo' : 'redo',
          scrollIntoView: !0,
        })
      }
    }
  }
  dt.empty = new dt(qe, qe)
  var dd = [
    { key: 'Mod-z', run: cd, preventDefault: !0 },
    { key: 'Mod-y', mac: 'Mod-Shift-z', run: wl, preventDefault: !0 },
    { linux: 'Ctrl-Shift-z', run: wl, preventDefault: !0 },
    { key: 'Mod-u', run: ab, preventDefault: !0 },
    { key: 'Alt-u', mac: 'Mod-Shift-u', run: hb, preventDefault: !0 },
  ]
  function Zi(e, t) {
    return b.create(e.ranges.map(t), e.mainIndex)
  }
  function nt(e, t) {
    return e.update({ selection: t, scrollIntoView: !0, userEvent: 'select' })
  }
  function st({ state: e, dispatch: t }, i) {
    const n = Zi(e.selection, i)
    if (n.eq(e.selection, !0)) return !1
    return (t(nt(e, n)), !0)
  }
  function Gs(e, t) {
    return b.cursor(t ? e.to : e.from)
  }
  function pd(e, t) {
    return st(e, (i) => (i.empty ? e.moveByChar(i, t) : Gs(i, t)))
  }
  function ye(e) {
    return e.textDirectionAt(e.state.selection.main.head) == B.LTR
  }
  var Od = (e) => pd(e, !ye(e)),
    md = (e) => pd(e, ye(e))
  function gd(e, t) {
    return st(e, (i) => (i.empty ? e.moveByGroup(i, t) : Gs(i, t)))
  }
  var mb = (e) => gd(e, !ye(e)),
    gb = (e) => gd(e, ye(e))
  var By = typeof Intl < 'u' && Intl.Segmenter ? new Intl.Segmenter(void 0, { granularity: 'word' }) : null
  function bb(e, t, i) {
    if (t.type.prop(i)) return !0
    const n = t.to - t.from
    return (n && (n > 2 || /[^\s,.;:]/.test(e.sliceDoc(t.from, t.to)))) || t.firstChild
  }
  function Fs(e, t, i) {
    let n = ne(e).resolveInner(t.head),
      s = i ? T.closedBy : T.openedBy
    for (let a = t.head; ; ) {
      const h = i ? n.childAfter(a) : n.childBefore(a)
      if (!h) break
      if (bb(e, h, s)) n = h
      else a = i ? h.to : h.from
    }
    let r = n.type.prop(s),
      o,
      l
    if (r && (o = i ? it(e, n.from, 1) : it(e, n.to, -1)) && o.matched) l = i ? o.end.to : o.end.from
    else l = i ? n.to : n.from
    return b.cursor(l, i ? -1 : 1)
  }
  var yb = (e) => st(e, (t) => Fs(e.state, t, !ye(e))),
    xb = (e) => st(e, (t) => Fs(e.state, t, ye(e)))
  function bd(e, t) {
    return st(e, (i) => {
      if (!i.empty) return Gs(i, t)
      const n = e.moveVertically(i, t)
      return n.head != i.head ? n : e.moveToLineBoundary(i, t)
    })
  }
  var yd = (e) => bd(e, !1),
    xd = (e) => bd(e, !0)
  function Sd(e) {
    let t = e.scrollDOM.clientHeight < e.scrollDOM.scrollHeight - 2,
      i = 0,
      n = 0,
      s
    if (t) {
      for (const r of e.state.facet(w.scrollMargins)) {
        const o = r(e)
        if (o === null || o === void 0 ? void 0 : o.top) i = Math.max(o === null || o === void 0 ? void 0 : o.top, i)
        if (o === null || o === void 0 ? void 0 : o.bottom)
          n = Math.max(o === null || o === void 0 ? void 0 : o.bottom, n)
      }
      s = e.scrollDOM.clientHeight - i - n
    } else s = (e.dom.ownerDocument.defaultView || window).innerHeight
    return { marginTop: i, marginBottom: n, selfScroll: t, height: Math.max(e.defaultLineHeight, s - 5) }
  }
  function Qd(e, t) {
    const i = Sd(e),
      { state: n } = e,
      s = Zi(n.selection, (o) => (o.empty ? e.moveVertically(o, t, i.height) : Gs(o, t)))
    if (s.eq(n.selection)) return !1
    let r
    if (i.selfScroll) {
      const o = e.coordsAtPos(n.selection.main.head),
        l = e.scrollDOM.getBoundingClientRect(),
        a = l.top + i.marginTop,
        h = l.bottom - i.marginBottom
      if (o && o.top > a && o.bottom < h) r = w.scrollIntoView(s.main.head, { y: 'start', yMargin: o.top - a })
    }
    return (e.dispatch(nt(n, s), { effects: r }), !0)
  }
  var Ku = (e) => Qd(e, !1),
    kl = (e) => Qd(e, !0)
  function Mt(e, t, i) {
    let n = e.lineBlockAt(t.head),
      s = e.moveToLineBoundary(t, i)
    if (s.head == t.head && s.head != (i ? n.to : n.from)) s = e.moveToLineBoundary(t, i, !1)
    if (!i && s.head == n.from && n.length) {
      const r = /^\s*/.exec(e.state.sliceDoc(n.from, Math.min(n.from + 100, n.to)))[0].length
      if (r && t.head != n.from + r) s = b.cursor(n.from + r)
    }
    return s
  }
  var Sb = (e) => st(e, (t) => Mt(e, t, !0)),
    Qb = (e) => st(e, (t) => Mt(e, t, !1)),
    wb = (e) => st(e, (t) => Mt(e, t, !ye(e))),
    kb = (e) => st(e, (t) => Mt(e, t, ye(e))),
    vb = (e) => st(e, (t) => e.moveToLineBoundary(t, !1, !1)),
    $b = (e) => st(e, (t) => e.moveToLineBoundary(t, !0, !1))
  function Pb(e, t, i) {
    let n = !1,
      s = Zi(e.selection, (r) => {
        const o =
          it(e, r.head, -1) ||
          it(e, r.head, 1) ||
          (r.head > 0 && it(e, r.head - 1, 1)) ||
          (r.head < e.doc.length && it(e, r.head + 1, -1))
        if (!o || !o.end) return r
        n = !0
        const l = o.start.from == r.head ? o.end.to : o.end.from
        return i ? b.range(r.anchor, l) : b.cursor(l)
      })
    if (!n) return !1
    return (t(nt(e, s)), !0)
  }
  var Cb = ({ state: e, dispatch: t }) => Pb(e, t, !1)
  function Ue(e, t, i) {
    const n = Zi(e.state.selection, (s) => {
      if (s.undirectional && s.head >= s.anchor != t) s = b.range(s.head, s.anchor)
      const r = i(s)
      return b.range(s.anchor, r.head, r.goalColumn, r.bidiLevel || void 0, r.assoc)
    })
    if (n.eq(e.state.selection)) return !1
    return (e.dispatch(nt(e.state, n)), !0)
  }
  function wd(e, t) {
    return Ue(e, t, (i) => e.moveByChar(i, t))
  }
  var kd = (e) => wd(e, !ye(e)),
    vd = (e) => wd(e, ye(e))
  function $d(e, t) {
    return Ue(e, t, (i) => e.moveByGroup(i, t))
  }
  var Zb = (e) => $d(e, !ye(e)),
    Ab = (e) => $d(e, ye(e))
  var Xb = (e) => {
      const t = !ye(e)
      return Ue(e, t, (i) => Fs(e.state, i, t))
    },
    Mb = (e) => {
      const t = ye(e)
      return Ue(e, t, (i) => Fs(e.state, i, t))
    }
  function Pd(e, t) {
    return Ue(e, t, (i) => e.moveVertically(i, t))
  }
  var Cd = (e) => Pd(e, !1),
    Zd = (e) => Pd(e, !0)
  function Ad(e, t) {
    return Ue(e, t, (i) => e.moveVertically(i, t, Sd(e).height))
  }
  var Ju = (e) => Ad(e, !1),
    ed = (e) => Ad(e, !0),
    Rb = (e) => Ue(e, !0, (t) => Mt(e, t, !0)),
    Tb = (e) => Ue(e, !1, (t) => Mt(e, t, !1)),
    _b = (e) => {
      const t = !ye(e)
      return Ue(e, t, (i) => Mt(e, i, t))
    },
    Lb = (e) => {
      const t = ye(e)
      return Ue(e, t, (i) => Mt(e, i, t))
    },
    Db = (e) => Ue(e, !1, (t) => b.cursor(e.lineBlockAt(t.head).from)),
    jb = (e) => Ue(e, !0, (t) => b.cursor(e.lineBlockAt(t.head).to)),
    td = ({ state: e, dispatch: t }) => (t(nt(e, { anchor: 0 })), !0),
    id = ({ state: e, dispatch: t }) => (t(nt(e, { anchor: e.doc.length })), !0),
    nd = ({ state: e, dispatch: t }) => (t(nt(e, { anchor: e.selection.main.anchor, head: 0 })), !0),
    sd = ({ state: e, dispatch: t }) => (t(nt(e, { anchor: e.selection.main.anchor, head: e.doc.length })), !0),
    Eb = ({ state: e, dispatch: t }) => (
      t(e.update({ selection: { anchor: 0, head: e.doc.length }, userEvent: 'select' })), !0
    ),
    Wb = ({ state: e, dispatch: t }) => {
      const i = Hs(e).map(({ from: n, to: s }) => b.undirectionalRange(n, Math.min(s + 1, e.doc.length)))
      return (t(e.update({ selection: b.create(i), userEvent: 'select' })), !0)
    },
    Yb = ({ state: e, dispatch: t }) => {
      const i = Zi(e.selection, (n) => {
        let s = ne(e),
          r = s.resolveStack(n.from, 1)
        if (n.empty) {
          const o = s.resolveStack(n.from, -1)
          if (o.node.from >= r.node.from && o.node.to <= r.node.to) r = o
        }
        for (let o = r; o; o = o.next) {
          const { node: l } = o
          if (((l.from < n.from && l.to >= n.to) || (l.to > n.to && l.from <= n.from)) && o.next)
            return b.undirectionalRange(l.from, l.to)
        }
        return n
      })
      if (i.eq(e.selection)) return !1
      return (t(nt(e, i)), !0)
    }
  function Xd(e, t) {
    const { state: i } = e,
      n = i.selection,
      s = i.selection.ranges.slice()
    for (const r of i.selection.ranges) {
      const o = i.doc.lineAt(r.head)
      if (t ? o.to < e.state.doc.length : o.from > 0)
        for (let l = r; ; ) {
          const a = e.moveVertically(l, t)
          if (a.head < o.from || a.head > o.to) {
            if (!s.some((h) => h.head == a.head)) s.push(a)
            break
          } else if (a.head == l.head) break
          else l = a
        }
    }
    if (s.length == n.ranges.length) return !1
    return (e.dispatch(nt(i, b.create(s, s.length - 1))), !0)
  }
  var zb = (e) => Xd(e, !1),
    Bb = (e) => Xd(e, !0),
    Ib = ({ state: e, dispatch: t }) => {
      let i = e.selection,
        n = null
      if (i.ranges.length > 1) n = b.create([i.main])
      else if (!i.main.empty) n = b.create([b.cursor(i.main.head)])
      if (!n) return !1
      return (t(nt(e, n)), !0)
    }
  function Pn(e, t) {
    if (e.state.readOnly) return !1
    let i = 'delete.selection',
      { state: n } = e,
      s = n.changeByRange((r) => {
        let { from: o, to: l } = r
        if (o == l) {
          let a = t(r)
          if (a < o) (i = 'delete.backward'), (a = Us(e, a, !1))
          else if (a > o) (i = 'delete.forward'), (a = Us(e, a, !0))
          ;(o = Math.min(o, a)), (l = Math.max(l, a))
        } else (o = Us(e, o, !1)), (l = Us(e, l, !0))
        return o == l ? { range: r } : { changes: { from: o, to: l }, range: b.cursor(o, o < r.head ? -1 : 1) }
      })
    if (s.changes.empty) return !1
    return (
      e.dispatch(
        n.update(s, {
          scrollIntoView: !0,
          userEvent: i,
          effects: i == 'delete.selection' ? w.announce.of(n.phrase('Selection deleted')) : void 0,
        }),
      ),
      !0
    )
  }
  function Us(e, t, i) {
    if (e instanceof w)
      for (const n of e.state.facet(w.atomicRanges).map((s) => s(e)))
        n.between(t, t, (s, r) => {
          if (s < t && r > t) t = i ? r : s
        })
    return t
  }
  var Md = (e, t, i) =>
      Pn(e, (n) => {
        let s = n.from,
          { state: r } = e,
          o = r.doc.lineAt(s),
          l,
          a
        if (i && !t && s > o.from && s < o.from + 200 && !/[^ \t]/.test((l = o.text.slice(0, s - o.from)))) {
          if (l[l.length - 1] == '\t') return s - 1
          const h = gt(l, r.tabSize),
            c = h % gn(r) || gn(r)
          for (let f = 0; f < c && l[l.length - 1 - f] == ' '; f++) s--
          a = s
        } else if (((a = oe(o.text, s - o.from, t, t) + o.from), a == s && o.number != (t ? r.doc.lines : 1)))
          a += t ? 1 : -1
        else if (!t && /[\ufe00-\ufe0f]/.test(o.text.slice(a - o.from, s - o.from)))
          a = oe(o.text, a - o.from, !1, !1) + o.from
        return a
      }),
    vl = (e) => Md(e, !1, !0)
  var Rd = (e) => Md(e, !0, !1),
    Td = (e, t) =>
      Pn(e, (i) => {
        let n = i.head,
          { state: s } = e,
          r = s.doc.lineAt(n),
          o = s.charCategorizer(n)
        for (let l = null; ; ) {
          if (n == (t ? r.to : r.from)) {
            if (n == i.head && r.number != (t ? s.doc.lines : 1)) n += t ? 1 : -1
            break
          }
          const a = oe(r.text, n - r.from, t) + r.from,
            h = r.text.slice(Math.min(n, a) - r.from, Math.max(n, a) - r.from),
            c = o(h)
          if (l != null && c != l) break
          if (h != ' ' || n != i.head) l = c
          n = a
        }
        return n
      }),
    _d = (e) => Td(e, !1),
    qb = (e) => Td(e, !0)
  var Ub = (e) =>
    Pn(e, (t) => {
      const i = e.lineBlockAt(t.head).to
      return t.head < i ? i : Math.min(e.state.doc.length, t.head + 1)
    })
  var Vb = (e) =>
      Pn(e, (t) => {
        const i = e.moveToLineBoundary(t, !1).head
        return t.head > i ? i : Math.max(0, t.head - 1)
      }),
    Nb = (e) =>
      Pn(e, (t) => {
        const i = e.moveToLineBoundary(t, !0).head
        return t.head < i ? i : Math.min(e.state.doc.length, t.head + 1)
      })
  var Gb = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      const i = e.changeByRange((n) => ({
        changes: { from: n.from, to: n.to, insert: j.of(['', '']) },
        range: b.cursor(n.from),
      }))
      return (t(e.update(i, { scrollIntoView: !0, userEvent: 'input' })), !0)
    },
    Fb = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      const i = e.changeByRange((n) => {
        if (!n.empty || n.from == 0 || n.from == e.doc.length) return { range: n }
        const s = n.from,
          r = e.doc.lineAt(s),
          o = s == r.from ? s - 1 : oe(r.text, s - r.from, !1) + r.from,
          l = s == r.to ? s + 1 : oe(r.text, s - r.from, !0) + r.from
        return { changes: { from: o, to: l, insert: e.doc.slice(s, l).append(e.doc.slice(o, s)) }, range: b.cursor(l) }
      })
      if (i.changes.empty) return !1
      return (t(e.update(i, { scrollIntoView: !0, userEvent: 'move.character' })), !0)
    }
  function Hs(e) {
    let t = [],
      i = -1
    for (const n of e.selection.ranges) {
      let s = e.doc.lineAt(n.from),
        r = e.doc.lineAt(n.to)
      if (!n.empty && n.to == r.from) r = e.doc.lineAt(n.to - 1)
      if (i >= s.number) {
        const o = t[t.length - 1]
        ;(o.to = r.to), o.ranges.push(n)
      } else t.push({ from: s.from, to: r.to, ranges: [n] })
      i = r.number + 1
    }
    return t
  }
  function Ld(e, t, i) {
    if (e.readOnly) return !1
    const n = [],
      s = []
    for (const r of Hs(e)) {
      if (i ? r.to == e.doc.length : r.from == 0) continue
      const o = e.doc.lineAt(i ? r.to + 1 : r.from - 1),
        l = o.length + 1
      if (i) {
        n.push({ from: r.to, to: o.to }, { from: r.from, insert: o.text + e.lineBreak })
        for (const a of r.ranges)
          s.push(b.range(Math.min(e.doc.length, a.anchor + l), Math.min(e.doc.length, a.head + l)))
      } else {
        n.push({ from: o.from, to: r.from }, { from: r.to, insert: e.lineBreak + o.text })
        for (const a of r.ranges) s.push(b.range(a.anchor - l, a.head - l))
      }
    }
    if (!n.length) return !1
    return (
      t(
        e.update({
          changes: n,
          scrollIntoView: !0,
          selection: b.create(s, e.selection.mainIndex),
          userEvent: 'move.line',
        }),
      ),
      !0
    )
  }
  var Hb = ({ state: e, dispatch: t }) => Ld(e, t, !1),
    Kb = ({ state: e, dispatch: t }) => Ld(e, t, !0)
  function Dd(e, t, i) {
    if (e.readOnly) return !1
    const n = []
    for (const r of Hs(e))
      if (i) n.push({ from: r.from, insert: e.doc.slice(r.from, r.to) + e.lineBreak })
      else n.push({ from: r.to, insert: e.lineBreak + e.doc.slice(r.from, r.to) })
    const s = e.changes(n)
    return (
      t(
        e.update({
          changes: s,
          selection: e.selection.map(s, i ? 1 : -1),
          scrollIntoView: !0,
          userEvent: 'input.copyline',
        }),
      ),
      !0
    )
  }
  var Jb = ({ state: e, dispatch: t }) => Dd(e, t, !1),
    e1 = ({ state: e, dispatch: t }) => Dd(e, t, !0),
    t1 = (e) => {
      if (e.state.readOnly) return !1
      const { state: t } = e,
        i = t.changes(
          Hs(t).map(({ from: s, to: r }) => {
            if (s > 0) s--
            else if (r < t.doc.length) r++
            return { from: s, to: r }
          }),
        ),
        n = Zi(t.selection, (s) => {
          let r = void 0
          if (e.lineWrapping) {
            const o = e.lineBlockAt(s.head),
              l = e.coordsAtPos(s.head, s.assoc || 1)
            if (l) r = o.bottom + e.documentTop - l.bottom + e.defaultLineHeight / 2
          }
          return e.moveVertically(s, !0, r)
        }).map(i)
      return (e.dispatch({ changes: i, selection: n, scrollIntoView: !0, userEvent: 'delete.line' }), !0)
    }
  function i1(e, t) {
    if (/\(\)|\[\]|\{\}/.test(e.sliceDoc(t - 1, t + 1))) return { from: t, to: t }
    let i = ne(e).resolveInner(t),
      n = i.childBefore(t),
      s = i.childAfter(t),
      r
    if (
      n &&
      s &&
      n.to <= t &&
      s.from >= t &&
      (r = n.type.prop(T.closedBy)) &&
      r.indexOf(s.name) > -1 &&
      e.doc.lineAt(n.to).from == e.doc.lineAt(s.from).from &&
      !/\S/.test(e.sliceDoc(n.to, s.from))
    )
      return { from: n.to, to: s.from }
    return null
  }
  var rd = jd(!1),
    n1 = jd(!0)
  function jd(e) {
    return ({ state: t, dispatch: i }) => {
      if (t.readOnly) return !1
      const n = t.changeByRange((s) => {
        let { from: r, to: o } = s,
          l = t.doc.lineAt(r),
          a = !e && r == o && i1(t, r)
        if (e) r = o = (o <= l.to ? l : t.doc.lineAt(o)).to
        let h = new vi(t, { simulateBreak: r, simulateDoubleBreak: !!a }),
          c = Ts(h, r)
        if (c == null) c = gt(/^\s*/.exec(t.doc.lineAt(r).text)[0], t.tabSize)
        while (o < l.to && /\s/.test(l.text[o - l.from])) o++
        if (a) ({ from: r, to: o } = a)
        else if (r > l.from && r < l.from + 100 && !/\S/.test(l.text.slice(0, r))) r = l.from
        const f = ['', ki(t, c)]
        if (a) f.push(ki(t, h.lineIndent(l.from, -1)))
        return { changes: { from: r, to: o, insert: j.of(f) }, range: b.cursor(r + 1 + f[1].length) }
      })
      return (i(t.update(n, { scrollIntoView: !0, userEvent: 'input' })), !0)
    }
  }
  function Cl(e, t) {
    let i = -1
    return e.changeByRange((n) => {
      const s = []
      for (let o = n.from; o <= n.to; ) {
        const l = e.doc.lineAt(o)
        if (l.number > i && (n.empty || n.to > l.from)) t(l, s, n), (i = l.number)
        o = l.to + 1
      }
      const r = e.changes(s)
      return { changes: s, range: b.range(r.mapPos(n.anchor, 1), r.mapPos(n.head, 1)) }
    })
  }
  var s1 = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      const i = Object.create(null),
        n = new vi(e, {
          overrideIndentation: (r) => {
            const o = i[r]
            return o == null ? -1 : o
          },
        }),
        s = Cl(e, (r, o, l) => {
          let a = Ts(n, r.from)
          if (a == null) return
          if (!/\S/.test(r.text)) a = 0
          const h = /^\s*/.exec(r.text)[0],
            c = ki(e, a)
          if (h != c || l.from < r.from + h.length)
            (i[r.from] = a), o.push({ from: r.from, to: r.from + h.length, insert: c })
        })
      if (!s.changes.empty) t(e.update(s, { userEvent: 'indent' }))
      return !0
    },
    r1 = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      return (
        t(
          e.update(
            Cl(e, (i, n) => {
              n.push({ from: i.from, insert: e.facet(wi) })
            }),
            { userEvent: 'input.indent' },
          ),
        ),
        !0
      )
    },
    o1 = ({ state: e, dispatch: t }) => {
      if (e.readOnly) return !1
      return (
        t(
          e.update(
            Cl(e, (i, n) => {
              const s = /^\s*/.exec(i.text)[0]
              if (!s) return
              let r = gt(s, e.tabSize),
                o = 0,
                l = ki(e, Math.max(0, r - gn(e)))
              while (o < s.length && o < l.length && s.charCodeAt(o) == l.charCodeAt(o)) o++
              n.push({ from: i.from + o, to: i.from + s.length, insert: l.slice(o) })
            }),
            { userEvent: 'delete.dedent' },
          ),
        ),
        !0
      )
    },
    l1 = (e) => (e.setTabFocusMode(), !0)
  var a1 = [
      { key: 'Ctrl-b', run: Od, shift: kd, preventDefault: !0 },
      { key: 'Ctrl-f', run: md, shift: vd },
      { key: 'Ctrl-p', run: yd, shift: Cd },
      { key: 'Ctrl-n', run: xd, shift: Zd },
      { key: 'Ctrl-a', run: vb, shift: Db },
      { key: 'Ctrl-e', run: $b, shift: jb },
      { key: 'Ctrl-d', run: Rd },
      { key: 'Ctrl-h', run: vl },
      { key: 'Ctrl-k', run: Ub },
      { key: 'Ctrl-Alt-h', run: _d },
      { key: 'Ctrl-o', run: Gb },
      { key: 'Ctrl-t', run: Fb },
      { key: 'Ctrl-v', run: kl },
    ],
    h1 = [
      { key: 'ArrowLeft', run: Od, shift: kd, preventDefault: !0 },
      { key: 'Mod-ArrowLeft', mac: 'Alt-ArrowLeft', run: mb, shift: Zb, preventDefault: !0 },
      { mac: 'Cmd-ArrowLeft', run: wb, shift: _b, preventDefault: !0 },
      { key: 'ArrowRight', run: md, shift: vd, preventDefault: !0 },
      { key: 'Mod-ArrowRight', mac: 'Alt-ArrowRight', run: gb, shift: Ab, preventDefault: !0 },
      { mac: 'Cmd-ArrowRight', run: kb, shift: Lb, preventDefault: !0 },
      { key: 'ArrowUp', run: yd, shift: Cd, preventDefault: !0 },
      { mac: 'Cmd-ArrowUp', run: td, shift: nd },
      { mac: 'Ctrl-ArrowUp', run: Ku, shift: Ju },
      { key: 'ArrowDown', run: xd, shift: Zd, preventDefault: !0 },
      { mac: 'Cmd-ArrowDown', run: id, shift: sd },
      { mac: 'Ctrl-ArrowDown', run: kl, shift: ed },
      { key: 'PageUp', run: Ku, shift: Ju },
      { key: 'PageDown', run: kl, shift: ed },
      { key: 'Home', run: Qb, shift: Tb, preventDefault: !0 },
      { key: 'Mod-Home', run: td, shift: nd },
      { key: 'End', run: Sb, shift: Rb, preventDefault: !0 },
      { key: 'Mod-End', run: id, shift: sd },
      { key: 'Enter', run: rd, shift: rd },
      { key: 'Mod-a', run: Eb },
      { key: 'Backspace', run: vl, shift: vl, preventDefault: !0 },
      { key: 'Delete', run: Rd, preventDefault: !0 },
      { key: 'Mod-Backspace', mac: 'Alt-Backspace', run: _d, preventDefault: !0 },
      { key: 'Mod-Delete', mac: 'Alt-Delete', run: qb, preventDefault: !0 },
      { mac: 'Mod-Backspace', run: Vb, preventDefault: !0 },
      { mac: 'Mod-Delete', run: Nb, preventDefault: !0 },
    ].concat(a1.map((e) => ({ mac: e.key, run: e.run, shift: e.shift }))),
    Ed = [
      { key: 'Alt-ArrowLeft', mac: 'Ctrl-ArrowLeft', run: yb, shift: Xb },
      { key: 'Alt-ArrowRight', mac: 'Ctrl-ArrowRight', run: xb, shift: Mb },
      { key: 'Alt-ArrowUp', run: Hb },
      { key: 'Shift-Alt-ArrowUp', run: Jb },
      { key: 'Alt-ArrowDown', run: Kb },
      { key: 'Shift-Alt-ArrowDown', run: e1 },
      { key: 'Mod-Alt-ArrowUp', run: zb },
      { key: 'Mod-Alt-ArrowDown', run: Bb },
      { key: 'Escape', run: Ib },
      { key: 'Mod-Enter', run: n1 },
      { key: 'Alt-l', mac: 'Ctrl-l', run: Wb },
      { key: 'Mod-i', run: Yb, preventDefault: !0 },
      { key: 'Mod-[', run: o1 },
      { key: 'Mod-]', run: r1 },
      { key: 'Mod-Alt-\\', run: s1 },
      { key: 'Shift-Mod-k', run: t1 },
      { key: 'Shift-Mod-\\', run: Cb },
      { key: 'Mod-/', run: J0 },
      { key: 'Alt-A', mac: 'Ctrl-A', run: tb },
      { key: 'Ctrl-m', mac: 'Shift-Alt-m', run: l1 },
    ].concat(h1)
  var Wd = typeof String.prototype.normalize == 'function' ? (e) => e.normalize('NFKD') : (e) => e
  class Ft {
    constructor(e, t, i = 0, n = e.length, s, r) {
      ;(this.test = r),
        (this.value = { from: 0, to: 0, precise: !1 }),
        (this.done = !1),
        (this.matches = []),
        (this.buffer = ''),
        (this.bufferPos = 0),
        (this.iter = e.iterRange(i, n)),
        (this.bufferStart = i),
        (this.normalize = s ? (o) => s(Wd(o)) : Wd),
        (this.query = this.normalize(t))
    }
    peek() {
      if (this.bufferPos == this.buffer.length) {
        if (((this.bufferStart += this.buffer.length), this.iter.next(), this.iter.done)) return -1
        ;(this.bufferPos = 0), (this.buffer = this.iter.value)
      }
      return fe(this.buffer, this.bufferPos)
    }
    next() {
      while (this.matches.length) this.matches.pop()
      return this.nextOverlapping()
    }
    nextOverlapping() {
      for (;;) {
        const e = this.peek()
        if (e < 0) return ((this.done = !0), this)
        const t = Ni(e),
          i = this.bufferStart + this.bufferPos
        this.bufferPos += Re(e)
        const n = this.normalize(t)
        if (n.length)
          for (let s = 0, r = i, o = !0; ; s++) {
            const l = n.charCodeAt(s),
              a = this.match(l, r, o, this.bufferPos + this.bufferStart, s == n.length - 1)
            if (a) return ((this.value = a), this)
            if (s == n.length - 1) break
            if (o && s < t.length && t.charCodeAt(s) == l) r++
            else o = !1
          }
      }
    }
    match(e, t, i, n, s) {
      let r = null
      for (let o = 0; o < this.matches.length; ) {
        let l = this.matches[o],
          a = !1
        if (this.query.charCodeAt(l.index) == e)
          if (l.index == this.query.length - 1) r = { from: l.from, to: n, precise: s && l.precise }
          else l.index++, (a = !0)
        if (a) o++
        else this.matches.splice(o, 1)
      }
      if (this.query.charCodeAt(0) == e)
        if (this.query.length == 1) r = { from: t, to: n, precise: i && s }
        else this.matches.push({ from: t, index: 1, precise: i })
      if (r && this.test && !this.test(r.from, r.to, this.buffer, this.bufferStart)) r = null
      return r
    }
  }
  if (typeof Symbol < 'u')
    Ft.prototype[Symbol.iterator] = function () {
      return this
    }
  var Bd = { from: -1, to: -1, match: /.*/.exec(''), precise: !0 },
    Xl = 'gm' + (/x/.unicode == null ? '' : 'u')
  class Ml {
    constructor(e, t, i, n = 0, s = e.length) {
      if (
        ((this.text = e),
        (this.to = s),
        (this.curLine = ''),
        (this.done = !1),
        (this.value = Bd),
        /\\[sWDnr]|\n|\r|\[\^/.test(t))
      )
        return new Rl(e, t, i, n, s)
      ;(this.re = new RegExp(t, Xl + ((i === null || i === void 0 ? void 0 : i.ignoreCase) ? 'i' : ''))),
        (this.test = i === null || i === void 0 ? void 0 : i.test),
        (this.iter = e.iter())
      const r = e.lineAt(n)
      ;(this.curLineStart = r.from), (this.matchPos = tr(e, n)), this.getLine(this.curLineStart)
    }
    getLine(e) {
      if ((this.iter.next(e), this.iter.lineBreak)) this.curLine = ''
      else {
        if (((this.curLine = this.iter.value), this.curLineStart + this.curLine.length > this.to))
          this.curLine = this.curLine.slice(0, this.to - this.curLineStart)
        this.iter.next()
      }
    }
    nextLine() {
      if (((this.curLineStart = this.curLineStart + this.curLine.length + 1), this.curLineStart > this.to))
        this.curLine = ''
      else this.getLine(0)
    }
    next() {
      for (let e = this.matchPos - this.curLineStart; ; ) {
        this.re.lastIndex = e
        const t = this.matchPos <= this.to && this.re.exec(this.curLine)
        if (t) {
          const i = this.curLineStart + t.index,
            n = i + t[0].length
          if (((this.matchPos = tr(this.text, n + (i == n ? 1 : 0))), i == this.curLineStart + this.curLine.length))
            this.nextLine()
          if ((i < n || i > this.value.to) && (!this.test || this.test(i, n, t)))
            return ((this.value = { from: i, to: n, precise: !0, match: t }), this)
          e = this.matchPos - this.curLineStart
        } else if (this.curLineStart + this.curLine.length < this.to) this.nextLine(), (e = 0)
        else return ((this.done = !0), this)
      }
    }
  }
  var Zl = new WeakMap()
  class Mi {
    constructor(e, t) {
      ;(this.from = e), (this.text = t)
    }
    get to() {
      return this.from + this.text.length
    }
    static get(e, t, i) {
      const n = Zl.get(e)
      if (!n || n.from >= i || n.to <= t) {
        const o = new Mi(t, e.sliceString(t, i))
        return (Zl.set(e, o), o)
      }
      if (n.from == t && n.to == i) return n
      let { text: s, from: r } = n
      if (r > t) (s = e.sliceString(t, r) + s), (r = t)
      if (n.to < i) s += e.sliceString(n.to, i)
      return (Zl.set(e, new Mi(r, s)), new Mi(t, s.slice(t - r, i - r)))
    }
  }
  class Rl {
    constructor(e, t, i, n, s) {
      ;(this.text = e),
        (this.to = s),
        (this.done = !1),
        (this.value = Bd),
        (this.matchPos = tr(e, n)),
        (this.re = new RegExp(t, Xl + ((i === null || i === void 0 ? void 0 : i.ignoreCase) ? 'i' : ''))),
        (this.test = i === null || i === void 0 ? void 0 : i.test),
        (this.flat = Mi.get(e, n, this.chunkEnd(n + 5000)))
    }
    chunkEnd(e) {
      return e >= this.to ? this.to : this.text.lineAt(e).to
    }
    next() {
      for (;;) {
        let e = (this.re.lastIndex = this.matchPos - this.flat.from),
          t = this.re.exec(this.flat.text)
        if (t && !t[0] && t.index == e) (this.re.lastIndex = e + 1), (t = this.re.exec(this.flat.text))
        if (t) {
          const i = this.flat.from + t.index,
            n = i + t[0].length
          if (
            (this.flat.to >= this.to || t.index + t[0].length <= this.flat.text.length - 10) &&
            (!this.test || this.test(i, n, t))
          )
            return (
              (this.value = { from: i, to: n, precise: !0, match: t }),
              (this.matchPos = tr(this.text, n + (i == n ? 1 : 0))),
              this
            )
        }
        if (this.flat.to == this.to) return ((this.done = !0), this)
        this.flat = Mi.get(this.text, this.flat.from, this.chunkEnd(this.flat.from + this.flat.text.length * 2))
      }
    }
  }
  if (typeof Symbol < 'u')
    Ml.prototype[Symbol.iterator] = Rl.prototype[Symbol.iterator] = function () {
      return this
    }
  function c1(e) {
    try {
      return (new RegExp(e, Xl), !0)
    } catch (t) {
      return !1
    }
  }
  function tr(e, t) {
    if (t >= e.length) return t
    let i = e.lineAt(t),
      n
    while (t < i.to && (n = i.text.charCodeAt(t - i.from)) >= 56320 && n < 57344) t++
    return t
  }
  var f1 = (e) => {
      const t = Of(e, 'cm-goto-line')
      if (t) {
        const o = t.dom.querySelector('input[type=text]')
        if (o) o.select()
        return !0
      }
      const { state: i } = e,
        n = String(i.doc.lineAt(e.state.selection.main.head).number),
        { close: s, result: r } = pf(e, {
          class: 'cm-goto-line',
          label: i.phrase('Go to line'),
          input: { type: 'text', name: 'line', value: n },
          focus: !0,
          submitLabel: i.phrase('go'),
        })
      return (
        r.then((o) => {
          const l = o && /^([+-])?(\d+)?(:\d+)?(%)?$/.exec(o.elements.line.value)
          if (!l) {
            e.dispatch({ effects: s })
            return
          }
          let a = i.doc.lineAt(i.selection.main.head),
            [, h, c, f, u] = l,
            d = f ? +f.slice(1) : 0,
            p = c ? +c : a.number
          if (c && u) {
            let y = p / 100
            if (h) y = y * (h == '-' ? -1 : 1) + a.number / i.doc.lines
            p = Math.round(i.doc.lines * y)
          } else if (c && h) p = p * (h == '-' ? -1 : 1) + a.number
          const O = i.doc.line(Math.max(1, Math.min(i.doc.lines, p))),
            m = b.cursor(O.from + Math.max(0, Math.min(d, O.length)))
          e.dispatch({ effects: [s, w.scrollIntoView(m.from, { y: 'center' })], selection: m })
        }),
        !0
      )
    },
    u1 = { highlightWordAroundCursor: !1, minSelectionLength: 1, maxMatches: 100, wholeWords: !1 },
    Id = k.define({
      combine(e) {
        return ue(e, u1, {
          highlightWordAroundCursor: (t, i) => t || i,
          minSelectionLength: Math.min,
          maxMatches: Math.min,
        })
      },
    })
  function qd(e) {
    const t = [g1, m1]
    if (e) t.push(Id.of(e))
    return t
  }
  var d1 = X.mark({ class: 'cm-selectionMatch' }),
    p1 = X.mark({ class: 'cm-selectionMatch cm-selectionMatch-main' })
  function Yd(e, t, i, n) {
    return (i == 0 || e(t.sliceDoc(i - 1, i)) != q.Word) && (n == t.doc.length || e(t.sliceDoc(n, n + 1)) != q.Word)
  }
  function O1(e, t, i, n) {
    return e(t.sliceDoc(i, i + 1)) == q.Word && e(t.sliceDoc(n - 1, n)) == q.Word
  }
  var m1 = K.fromClass(
      class {
        constructor(e) {
          this.decorations = this.getDeco(e)
        }
        update(e) {
          if (e.selectionSet || e.docChanged || e.viewportChanged) this.decorations = this.getDeco(e.view)
        }
        getDeco(e) {
          const t = e.state.facet(Id),
            { state: i } = e,
            n = i.selection
          if (n.ranges.length > 1) return X.none
          let s = n.main,
            r,
            o = null
          if (s.empty) {
            if (!t.highlightWordAroundCursor) return X.none
            const a = i.wordAt(s.head)
            if (!a) return X.none
            ;(o = i.charCategorizer(s.head)), (r = i.sliceDoc(a.from, a.to))
          } else {
            const a = s.to - s.from
            if (a < t.minSelectionLength || a > 200) return X.none
            if (t.wholeWords) {
              if (
                ((r = i.sliceDoc(s.from, s.to)),
                (o = i.charCategorizer(s.head)),
                !(Yd(o, i, s.from, s.to) && O1(o, i, s.from, s.to)))
              )
                return X.none
            } else if (((r = i.sliceDoc(s.from, s.to)), !r)) return X.none
          }
          const l = []
          for (const a of e.visibleRanges) {
            const h = new Ft(i.doc, r, a.from, a.to)
            while (!h.next().done) {
              const { from: c, to: f } = h.value
              if (!o || Yd(o, i, c, f)) {
                if (s.empty && c <= s.from && f >= s.to) l.push(p1.range(c, f))
                else if (c >= s.to || f <= s.from) l.push(d1.range(c, f))
                if (l.length > t.maxMatches) return X.none
              }
            }
          }
          return X.set(l)
        }
      },
      { decorations: (e) => e.decorations },
    ),
    g1 = w.baseTheme({
      '.cm-selectionMatch': { backgroundColor: '#99ff7780' },
      '.cm-searchMatch .cm-selectionMatch': { backgroundColor: 'transparent' },
    }),
    b1 = ({ state: e, dispatch: t }) => {
      const { selection: i } = e,
        n = b.create(
          i.ranges.map((s) => e.wordAt(s.head) || b.cursor(s.head)),
          i.mainIndex,
        )
      if (n.eq(i)) return !1
      return (t(e.update({ selection: n })), !0)
    }
  function y1(e, t) {
    const { main: i, ranges: n } = e.selection,
      s = e.wordAt(i.head),
      r = s && s.from == i.from && s.to == i.to
    for (let o = !1, l = new Ft(e.doc, t, n[n.length - 1].to); ; )
      if ((l.next(), l.done)) {
        if (o) return null
        ;(l = new Ft(e.doc, t, 0, Math.max(0, n[n.length - 1].from - 1))), (o = !0)
      } else {
        if (o && n.some((a) => a.from == l.value.from)) continue
        if (r) {
          const a = e.wordAt(l.value.from)
          if (!a || a.from != l.value.from || a.to != l.value.to) continue
        }
        return l.value
      }
  }
  var x1 = ({ state: e, dispatch: t }) => {
      const { ranges: i } = e.selection
      if (i.some((r) => r.from === r.to)) return b1({ state: e, dispatch: t })
      const n = e.sliceDoc(i[0].from, i[0].to)
      if (e.selection.ranges.some((r) => e.sliceDoc(r.from, r.to) != n)) return !1
      const s = y1(e, n)
      if (!s) return !1
      return (
        t(e.update({ selection: e.selection.addRange(b.range(s.from, s.to), !1), effects: w.scrollIntoView(s.to) })), !0
      )
    },
    Ri = k.define({
      combine(e) {
        return ue(e, {
          top: !1,
          caseSensitive: !1,
          literal: !1,
          regexp: !1,
          wholeWord: !1,
          createPanel: (t) => new Jd(t),
          scrollToMatch: (t) => w.scrollIntoView(t),
        })
      },
    })
  class Tl {
    constructor(e) {
      ;(this.search = e.search),
        (this.caseSensitive = !!e.caseSensitive),
        (this.literal = !!e.literal),
        (this.regexp = !!e.regexp),
        (this.replace = e.replace || ''),
        (this.valid = !!this.search && (!this.regexp || c1(this.search))),
        (this.unquoted = this.unquote(this.search)),
        (this.wholeWord = !!e.wholeWord),
        (this.test = e.test)
    }
    unquote(e) {
      return this.literal
        ? e
        : e.replace(/\\([nrt\\])/g, (t, i) =>
            i == 'n'
              ? `
`
              : i == 'r'
                ? '\r'
                : i == 't'
                  ? '\t'
                  : '\\',
          )
    }
    eq(e) {
      return (
        this.search == e.search &&
        this.replace == e.replace &&
        this.caseSensitive == e.caseSensitive &&
        this.regexp == e.regexp &&
        this.wholeWord == e.wholeWord &&
        this.test == e.test
      )
    }
    create() {
      return this.regexp ? new Vd(this) : new Ud(this)
    }
    getCursor(e, t = 0, i) {
      const n = e.doc ? e : W.create({ doc: e })
      if (i == null) i = n.doc.length
      return this.regexp ? Xi(this, n, t, i) : Ai(this, n, t, i)
    }
  }
  class _l {
    constructor(e) {
      this.spec = e
    }
  }
  function S1(e, t, i) {
    return (n, s, r, o) => {
      if (i && !i(n, s, r, o)) return !1
      const l = n >= o && s <= o + r.length ? r.slice(n - o, s - o) : t.doc.sliceString(n, s)
      return e(l, t, n, s)
    }
  }
  function Ai(e, t, i, n) {
    let s
    if (e.wholeWord) s = Q1(t.doc, t.charCategorizer(t.selection.main.head))
    if (e.test) s = S1(e.test, t, s)
    return new Ft(t.doc, e.unquoted, i, n, e.caseSensitive ? void 0 : (r) => r.toLowerCase(), s)
  }
  function Q1(e, t) {
    return (i, n, s, r) => {
      if (r > i || r + s.length < n) (r = Math.max(0, i - 2)), (s = e.sliceString(r, Math.min(e.length, n + 2)))
      return (
        (t(ir(s, i - r)) != q.Word || t(nr(s, i - r)) != q.Word) &&
        (t(nr(s, n - r)) != q.Word || t(ir(s, n - r)) != q.Word)
      )
    }
  }
  class Ud extends _l {
    constructor(e) {
      super(e)
    }
    nextMatch(e, t, i) {
      let n = Ai(this.spec, e, i, e.doc.length).nextOverlapping()
      if (n.done) {
        const s = Math.min(e.doc.length, t + this.spec.unquoted.length)
        n = Ai(this.spec, e, 0, s).nextOverlapping()
      }
      return n.done || (n.value.from == t && n.value.to == i) ? null : n.value
    }
    prevMatchInRange(e, t, i) {
      for (let n = i; ; ) {
        let s = Math.max(t, n - 1e4 - this.spec.unquoted.length),
          r = Ai(this.spec, e, s, n),
          o = null
        while (!r.nextOverlapping().done) o = r.value
        if (o) return o
        if (s == t) return null
        n -= 1e4
      }
    }
    prevMatch(e, t, i) {
      let n = this.prevMatchInRange(e, 0, t)
      if (!n) n = this.prevMatchInRange(e, Math.max(0, i - this.spec.unquoted.length), e.doc.length)
      return n && (n.from != t || n.to != i) ? n : null
    }
    getReplacement(e) {
      return this.spec.unquote(this.spec.replace)
    }
    matchAll(e, t) {
      const i = Ai(this.spec, e, 0, e.doc.length),
        n = []
      while (!i.next().done) {
        if (n.length >= t) return null
        n.push(i.value)
      }
      return n
    }
    highlight(e, t, i, n) {
      const s = Ai(
        this.spec,
        e,
        Math.max(0, t - this.spec.unquoted.length),
        Math.min(i + this.spec.unquoted.length, e.doc.length),
      )
      while (!s.next().done) n(s.value.from, s.value.to)
    }
  }
  function w1(e, t, i) {
    return (n, s, r) => (!i || i(n, s, r)) && e(r[0], t, n, s)
  }
  function Xi(e, t, i, n) {
    let s
    if (e.wholeWord) s = k1(t.charCategorizer(t.selection.main.head))
    if (e.test) s = w1(e.test, t, s)
    return new Ml(t.doc, e.search, { ignoreCase: !e.caseSensitive, test: s }, i, n)
  }
  function ir(e, t) {
    return e.slice(oe(e, t, !1), t)
  }
  function nr(e, t) {
    return e.slice(t, oe(e, t))
  }
  function k1(e) {
    return (t, i, n) =>
      !n[0].length ||
      ((e(ir(n.input, n.index)) != q.Word || e(nr(n.input, n.index)) != q.Word) &&
        (e(nr(n.input, n.index + n[0].length)) != q.Word || e(ir(n.input, n.index + n[0].length)) != q.Word))
  }
  class Vd extends _l {
    nextMatch(e, t, i) {
      let n = Xi(this.spec, e, i, e.doc.length).next()
      if (n.done) n = Xi(this.spec, e, 0, t).next()
      return n.done ? null : n.value
    }
    prevMatchInRange(e, t, i) {
      for (let n = 1; ; n++) {
        let s = Math.max(t, i - n * 1e4),
          r = Xi(this.spec, e, s, i),
          o = null
        while (!r.next().done) o = r.value
        if (o && (s == t || o.from > s + 10)) return o
        if (s == t) return null
      }
    }
    prevMatch(e, t, i) {
      return this.prevMatchInRange(e, 0, t) || this.prevMatchInRange(e, i, e.doc.length)
    }
    getReplacement(e) {
      return this.spec.unquote(this.spec.replace).replace(/\$([$&]|\d+)/g, (t, i) => {
        if (i == '&') return e.match[0]
        if (i == '$') return '$'
        for (let n = i.length; n > 0; n--) {
          const s = +i.slice(0, n)
          if (s > 0 && s < e.match.length) return e.match[s] + i.slice(n)
        }
        return t
      })
    }
    matchAll(e, t) {
      const i = Xi(this.spec, e, 0, e.doc.length),
        n = []
      while (!i.next().done) {
        if (n.length >= t) return null
        n.push(i.value)
      }
      return n
    }
    highlight(e, t, i, n) {
      const s = Xi(this.spec, e, Math.max(0, t - 250), Math.min(i + 250, e.doc.length))
      while (!s.next().done) n(s.value.from, s.value.to)
    }
  }
  var Cn = M.define(),
    Ll = M.define(),
    Rt = H.define({
      create(e) {
        return new er(Al(e).create(), null)
      },
      update(e, t) {
        for (const i of t.effects)
          if (i.is(Cn)) e = new er(i.value.create(), e.panel)
          else if (i.is(Ll)) e = new er(e.query, i.value ? Dl : null)
        return e
      },
      provide: (e) => It.from(e, (t) => t.panel),
    })
  class er {
    constructor(e, t) {
      ;(this.query = e), (this.panel = t)
    }
  }
  var v1 = X.mark({ class: 'cm-searchMatch' }),
    $1 = X.mark({ class: 'cm-searchMatch cm-searchMatch-selected' }),
    P1 = K.fromClass(
      class {
        constructor(e) {
          ;(this.view = e), (this.decorations = this.highlight(e.state.field(Rt)))
        }
        update(e) {
          const t = e.state.field(Rt)
          if (t != e.startState.field(Rt) || e.docChanged || e.selectionSet || e.viewportChanged)
            this.decorations = this.highlight(t)
        }
        highlight({ query: e, panel: t }) {
          if (!t || !e.spec.valid) return X.none
          const { view: i } = this,
            n = new $e()
          for (let s = 0, r = i.visibleRanges, o = r.length; s < o; s++) {
            let { from: l, to: a } = r[s]
            while (s < o - 1 && a > r[s + 1].from - 500) a = r[++s].to
            e.highlight(i.state, l, a, (h, c) => {
              const f = i.state.selection.ranges.some((u) => u.from == h && u.to == c)
              n.add(h, c, f ? $1 : v1)
            })
          }
          return n.finish()
        }
      },
      { decorations: (e) => e.decorations },
    )
  function Zn(e) {
    return (t) => {
      const i = t.state.field(Rt, !1)
      return i && i.query.spec.valid ? e(t, i) : Fd(t)
    }
  }
  var sr = Zn((e, { query: t }) => {
      const { to: i } = e.state.selection.main,
        n = t.nextMatch(e.state, i, i)
      if (!n) return !1
      const s = b.single(n.from, n.to),
        r = e.state.facet(Ri)
      return (
        e.dispatch({ selection: s, effects: [jl(e, n), r.scrollToMatch(s.main, e)], userEvent: 'select.search' }),
        Gd(e),
        !0
      )
    }),
    rr = Zn((e, { query: t }) => {
      const { state: i } = e,
        { from: n } = i.selection.main,
        s = t.prevMatch(i, n, n)
      if (!s) return !1
      const r = b.single(s.from, s.to),
        o = e.state.facet(Ri)
      return (
        e.dispatch({ selection: r, effects: [jl(e, s), o.scrollToMatch(r.main, e)], userEvent: 'select.search' }),
        Gd(e),
        !0
      )
    }),
    C1 = Zn((e, { query: t }) => {
      const i = t.matchAll(e.state, 1000)
      if (!i || !i.length) return !1
      return (
        e.dispatch({ selection: b.create(i.map((n) => b.range(n.from, n.to))), userEvent: 'select.search.matches' }), !0
      )
    }),
    Z1 = ({ state: e, dispatch: t }) => {
      const i = e.selection
      if (i.ranges.length > 1 || i.main.empty) return !1
      let { from: n, to: s } = i.main,
        r = [],
        o = 0
      for (let l = new Ft(e.doc, e.sliceDoc(n, s)); !l.next().done; ) {
        if (r.length > 1000) return !1
        if (l.value.from == n) o = r.length
        r.push(b.range(l.value.from, l.value.to))
      }
      return (t(e.update({ selection: b.create(r, o), userEvent: 'select.search.matches' })), !0)
    },
    zd = Zn((e, { query: t }) => {
      const { state: i } = e,
        { from: n, to: s } = i.selection.main
      if (i.readOnly) return !1
      const r = t.nextMatch(i, n, n)
      if (!r) return !1
      let o = r,
        l = [],
        a,
        h,
        c = []
      if (!o.precise) o = t.nextMatch(i, o.from, o.to)
      else if (o.from == n && o.to == s)
        (h = i.toText(t.getReplacement(o))),
          l.push({ from: o.from, to: o.to, insert: h }),
          (o = t.nextMatch(i, o.from, o.to)),
          c.push(w.announce.of(i.phrase('replaced match on line $', i.doc.lineAt(n).number) + '.'))
      const f = e.state.changes(l)
      if (o) (a = b.single(o.from, o.to).map(f)), c.push(jl(e, o)), c.push(i.facet(Ri).scrollToMatch(a.main, e))
      return (e.dispatch({ changes: f, selection: a, effects: c, userEvent: 'input.replace' }), !0)
    }),
    A1 = Zn((e, { query: t }) => {
      if (e.state.readOnly) return !1
      const i = []
      for (const s of t.matchAll(e.state, 1e9)) {
        const { from: r, to: o, precise: l } = s
        if (l) i.push({ from: r, to: o, insert: t.getReplacement(s) })
      }
      if (!i.length) return !1
      const n = e.state.phrase('replaced $ matches', i.length) + '.'
      return (e.dispatch({ changes: i, effects: w.announce.of(n), userEvent: 'input.replace.all' }), !0)
    })
  function Dl(e) {
    return e.state.facet(Ri).createPanel(e)
  }
  function Al(e, t) {
    var i, n, s, r, o
    const l = e.selection.main,
      a = l.empty || l.to > l.from + 100 ? '' : e.sliceDoc(l.from, l.to)
    if (t && !a) return t
    const h = e.facet(Ri)
    return new Tl({
      search: ((i = t === null || t === void 0 ? void 0 : t.literal) !== null && i !== void 0 ? i : h.literal)
        ? a
        : a.replace(/\n/g, '\\n'),
      caseSensitive:
        (n = t === null || t === void 0 ? void 0 : t.caseSensitive) !== null && n !== void 0 ? n : h.caseSensitive,
      literal: (s = t === null || t === void 0 ? void 0 : t.literal) !== null && s !== void 0 ? s : h.literal,
      regexp: (r = t === null || t === void 0 ? void 0 : t.regexp) !== null && r !== void 0 ? r : h.regexp,
      wholeWord: (o = t === null || t === void 0 ? void 0 : t.wholeWord) !== null && o !== void 0 ? o : h.wholeWord,
    })
  }
  function Nd(e) {
    const t = xi(e, Dl)
    return t && t.dom.querySelector('[main-field]')
  }
  function Gd(e) {
    const t = Nd(e)
    if (t && t == e.root.activeElement) t.select()
  }
  var Fd = (e) => {
      const t = e.state.field(Rt, !1)
      if (t && t.panel) {
        const i = Nd(e)
        if (i && i != e.root.activeElement) {
          const n = Al(e.state, t.query.spec)
          if (n.valid) e.dispatch({ effects: Cn.of(n) })
          i.focus(), i.select()
        }
      } else e.dispatch({ effects: [Ll.of(!0), t ? Cn.of(Al(e.state, t.query.spec)) : M.appendConfig.of(M1)] })
      return !0
    },
    Hd = (e) => {
      const t = e.state.field(Rt, !1)
      if (!t || !t.panel) return !1
      const i = xi(e, Dl)
      if (i && i.dom.contains(e.root.activeElement)) e.focus()
      return (e.dispatch({ effects: Ll.of(!1) }), !0)
    },
    Kd = [
      { key: 'Mod-f', run: Fd, scope: 'editor search-panel' },
      { key: 'F3', run: sr, shift: rr, scope: 'editor search-panel', preventDefault: !0 },
      { key: 'Mod-g', run: sr, shift: rr, scope: 'editor search-panel', preventDefault: !0 },
      { key: 'Escape', run: Hd, scope: 'editor search-panel' },
      { key: 'Mod-Shift-l', run: Z1 },
      { key: 'Mod-Alt-g', run: f1 },
      { key: 'Mod-d', run: x1, preventDefault: !0 },
    ]
  class Jd {
    constructor(e) {
      this.view = e
      const t = (this.query = e.state.field(Rt).query.spec)
      ;(this.commit = this.commit.bind(this)),
        (this.searchField = Y('input', {
          value: t.search,
          placeholder: je(e, 'Find'),
          'aria-label': je(e, 'Find'),
          class: 'cm-textfield',
          name: 'search',
          form: '',
          'main-field': 'true',
          onchange: this.commit,
          onkeyup: this.commit,
        })),
        (this.replaceField = Y('input', {
          value: t.replace,
          placeholder: je(e, 'Replace'),
          'aria-label': je(e, 'Replace'),
          class: 'cm-textfield',
          name: 'replace',
          form: '',
          onchange: this.commit,
          onkeyup: this.commit,
        })),
        (this.caseField = Y('input', {
          type: 'checkbox',
          name: 'case',
          form: '',
          checked: t.caseSensitive,
          onchange: this.commit,
        })),
        (this.reField = Y('input', {
          type: 'checkbox',
          name: 're',
          form: '',
          checked: t.regexp,
          onchange: this.commit,
        })),
        (this.wordField = Y('input', {
          type: 'checkbox',
          name: 'word',
          form: '',
          checked: t.wholeWord,
          onchange: this.commit,
        }))
      function i(n, s, r) {
        return Y('button', { class: 'cm-button', name: n, onclick: s, type: 'button' }, r)
      }
      this.dom = Y('div', { onkeydown: (n) => this.keydown(n), class: 'cm-search' }, [
        this.searchField,
        i('next', () => sr(e), [je(e, 'next')]),
        i('prev', () => rr(e), [je(e, 'previous')]),
        i('select', () => C1(e), [je(e, 'all')]),
        Y('label', null, [this.caseField, je(e, 'match case')]),
        Y('label', null, [this.reField, je(e, 'regexp')]),
        Y('label', null, [this.wordField, je(e, 'by word')]),
        ...(e.state.readOnly
          ? []
          : [
              Y('br'),
              this.replaceField,
              i('replace', () => zd(e), [je(e, 'replace')]),
              i('replaceAll', () => A1(e), [je(e, 'replace all')]),
            ]),
        Y('button', { name: 'close', onclick: () => Hd(e), 'aria-label': je(e, 'close'), type: 'button' }, ['×']),
      ])
    }
    commit() {
      const e = new Tl({
        search: this.searchField.value,
        caseSensitive: this.caseField.checked,
        regexp: this.reField.checked,
        wholeWord: this.wordField.checked,
        replace: this.replaceField.value,
      })
      if (!e.eq(this.query)) (this.query = e), this.view.dispatch({ effects: Cn.of(e) })
    }
    keydown(e) {
      if (qc(this.view, e, 'search-panel')) e.preventDefault()
      else if (e.keyCode == 13 && e.target == this.searchField) e.preventDefault(), (e.shiftKey ? rr : sr)(this.view)
      else if (e.keyCode == 13 && e.target == this.replaceField) e.preventDefault(), zd(this.view)
    }
    update(e) {
      for (const t of e.transactions)
        for (const i of t.effects) if (i.is(Cn) && !i.value.eq(this.query)) this.setQuery(i.value)
    }
    setQuery(e) {
      ;(this.query = e),
        (this.searchField.value = e.search),
        (this.replaceField.value = e.replace),
        (this.caseField.checked = e.caseSensitive),
        (this.reField.checked = e.regexp),
        (this.wordField.checked = e.wholeWord)
    }
    mount() {
      this.searchField.select()
    }
    get pos() {
      return 80
    }
    get top() {
      return this.view.state.facet(Ri).top
    }
  }
  function je(e, t) {
    return e.state.phrase(t)
  }
  var Ks = 30,
    Js = /[\s.,:;?!]/
  function jl(e, { from: t, to: i }) {
    let n = e.state.doc.lineAt(t),
      s = e.state.doc.lineAt(i).to,
      r = Math.max(n.from, t - Ks),
      o = Math.min(s, i + Ks),
      l = e.state.sliceDoc(r, o)
    if (r != n.from) {
      for (let a = 0; a < Ks; a++)
        if (!Js.test(l[a + 1]) && Js.test(l[a])) {
          l = l.slice(a)
          break
        }
    }
    if (o != s) {
      for (let a = l.length - 1; a > l.length - Ks; a--)
        if (!Js.test(l[a - 1]) && Js.test(l[a])) {
          l = l.slice(0, a)
          break
        }
    }
    return w.announce.of(`${e.state.phrase('current match')}. ${l} ${e.state.phrase('on line')} ${n.number}.`)
  }
  var X1 = w.baseTheme({
      '.cm-panel.cm-search': {
        padding: '2px 6px 4px',
        position: 'relative',
        '& [name=close]': {
          position: 'absolute',
          top: '0',
          right: '4px',
          backgroundColor: 'inherit',
          border: 'none',
          font: 'inherit',
          padding: 0,
          margin: 0,
        },
        '& input, & button, & label': { margin: '.2em .6em .2em 0' },
        '& input[type=checkbox]': { marginRight: '.2em' },
        '& label': { fontSize: '80%', whiteSpace: 'pre' },
      },
      '&light .cm-searchMatch': { backgroundColor: '#ffff0054' },
      '&dark .cm-searchMatch': { backgroundColor: '#00ffff8a' },
      '&light .cm-searchMatch-selected': { backgroundColor: '#ff6a0054' },
      '&dark .cm-searchMatch-selected': { backgroundColor: '#ff00ff8a' },
    }),
    M1 = [Rt, Ye.low(P1), X1]
  var ep = (() => [
    xf(),
    Sf(),
    tf(),
    hd(),
    Uf(),
    Fc(),
    Jc(),
    W.allowMultipleSelections.of(!0),
    Lf(),
    Nf(Ff, { fallback: !0 }),
    eu(),
    xu(),
    vu(),
    of(),
    lf(),
    rf(),
    qd(),
    bi.of([...wu, ...Ed, ...Kd, ...dd, ...zf, ...pl, ...Iu]),
  ])()
  function tp(e) {
    if (e.toolyardEditor) return e.toolyardEditor
    const t = e.dataset.editor === 'typescript',
      i = new w({
        doc: e.value,
        extensions: [
          ep,
          Lu({ typescript: t }),
          Hu(),
          w.updateListener.of((s) => {
            if (s.docChanged) e.value = s.state.doc.toString()
          }),
          w.theme({ '&': { border: '1px solid #cfd5de', background: '#fff' }, '.cm-scroller': { minHeight: '9em' } }),
        ],
      })
    ;(e.style.display = 'none'), e.after(i.dom), (e.toolyardEditor = i)
    const n = Number(e.dataset.errorLine)
    if (n >= 1 && n <= i.state.doc.lines) {
      const s = i.state.doc.line(n),
        r = { from: s.from, to: s.to, severity: 'error', message: e.dataset.errorMessage ?? 'error' }
      i.dispatch(Yu(i.state, [r]))
    }
    return i
  }
  function R1(e = document) {
    for (const t of e.querySelectorAll('textarea[data-editor]')) tp(t)
  }
  globalThis.ToolyardEditor = { mount: tp, upgradeAll: R1 }
})()
