// The chunks of the pages the budgets measure (docs/benchmark.md): the modules those pages' code uses, grouped by
// which of them use each one. Used by vite.config.ts.
//
// Left to the bundler, a module used by several lazy pages goes in a chunk with the other modules used by
// exactly the same pages, among the app's hundred pages: Mantine's components, the contract's files and the
// app's shared code made 40 to 75 files for a page of forms, and Lighthouse's model of HTTP/1.1 (six
// connections, a round trip each) counted them at some 300 ms before the page could paint. Grouped by which of
// the few pages below use them, the same modules make a dozen files for each of those pages, and none of those
// pages loads a module it does not use, so their first loads keep their weight. The other pages load the
// groups of the modules they use whole: fewer files than before for most of them, and more bytes on a first
// visit (a page uses a group's Code, say, and gets the dialog and the popover that come with it), most of which
// one of these pages has put in the cache before.
//
// Which page uses which module is read from the modules' imports, name by name: a page importing TextInput
// from @mantine/core uses TextInput's file and what that file imports, not the 400 files that @mantine/core's
// index passes on. The bundler's own graph (ModuleInfo.importedIds) only says that the index is imported.
import type { Plugin } from 'vite';

interface Binding {
  from: string;
  imported: string;
}

/** A module's imports and exports, as far as finding what a page uses needs them. */
interface ModuleLinks {
  /** Each module it imports or exports from, with the names it takes ('*': all of it). */
  imports: Array<{ from: string; names: string[] }>;
  /** Names it exports as it imports them from another module, as an index file does. */
  passedOn: Map<string, Binding>;
  /** Names it exports of its own. */
  own: Set<string>;
  /** Modules it exports everything of (`export * from`). */
  exportsAllOf: string[];
}

// The parts of the ESTree program the links are read from.
type Name = { type: 'Identifier'; name: string } | { type: 'Literal'; value: string };
interface Node {
  type: string;
  source?: { value: string };
  specifiers?: Array<{ type: string; imported?: Name; local: Name; exported?: Name }>;
  declaration?: { type: string; id?: { name: string }; declarations?: Array<{ id: { type: string; name?: string } }> } | null;
  exported?: Name | null;
  importKind?: string;
  exportKind?: string;
}

const nameOf = (name: Name) => (name.type === 'Identifier' ? name.name : name.value);

/**
 * `pages`: a short name for each page and the files whose code it loads on a first load (a lazy component it
 * shows at once, the signed-in navigation). Returns the plugin that reads each module's links and the group
 * (without its priority) that puts each module used by one of those pages in the chunk of the pages using it.
 */
export function budgetedPageChunks(pages: Record<string, string[]>) {
  const links = new Map<string, ModuleLinks>();
  const exported = new Map<string, Set<string>>();
  let pagesUsing: Map<string, string[]> | undefined;

  const plugin: Plugin = {
    name: 'budgeted-page-chunks',
    apply: 'build',
    // After the TypeScript and JSX transforms: the code read is JavaScript, as the bundler links it.
    enforce: 'post',
    buildStart() {
      links.clear();
      exported.clear();
      pagesUsing = undefined;
    },
    async transform(code, id) {
      if (id.startsWith('\0') || !/\.(m?js|cjs|jsx?|tsx?)$/.test(id)) return null;
      const module: ModuleLinks = { imports: [], passedOn: new Map(), own: new Set(), exportsAllOf: [] };
      const imported = new Map<string, Binding>();
      const resolve = async (source: string) => (await this.resolve(source, id))?.id;
      for (const node of (this.parse(code) as unknown as { body: Node[] }).body) {
        if (node.type === 'ImportDeclaration' && node.importKind !== 'type') {
          const from = await resolve(node.source!.value);
          if (!from) continue;
          const names = node.specifiers!.map((specifier) => {
            const name = specifier.type === 'ImportSpecifier' ? nameOf(specifier.imported!) : specifier.type === 'ImportDefaultSpecifier' ? 'default' : '*';
            imported.set(nameOf(specifier.local), { from, imported: name });
            return name;
          });
          // An import for its side effects runs the whole module.
          module.imports.push({ from, names: names.length > 0 ? names : ['*'] });
        } else if (node.type === 'ExportNamedDeclaration' && node.exportKind !== 'type') {
          if (node.source) {
            const from = await resolve(node.source.value);
            if (!from) continue;
            module.imports.push({ from, names: node.specifiers!.map((specifier) => nameOf(specifier.local)) });
            for (const specifier of node.specifiers!) module.passedOn.set(nameOf(specifier.exported!), { from, imported: nameOf(specifier.local) });
            continue;
          }
          for (const specifier of node.specifiers ?? []) {
            const binding = imported.get(nameOf(specifier.local));
            if (binding) module.passedOn.set(nameOf(specifier.exported!), binding);
            else module.own.add(nameOf(specifier.exported!));
          }
          const declaration = node.declaration;
          if (declaration?.id) module.own.add(declaration.id.name);
          for (const variable of declaration?.declarations ?? []) if (variable.id.name) module.own.add(variable.id.name);
        } else if (node.type === 'ExportDefaultDeclaration') {
          module.own.add('default');
        } else if (node.type === 'ExportAllDeclaration' && node.exportKind !== 'type') {
          const from = await resolve(node.source!.value);
          if (!from) continue;
          module.imports.push({ from, names: ['*'] });
          if (!node.exported) module.exportsAllOf.push(from);
        }
      }
      links.set(id, module);
      return null;
    },
  };

  const exportsOf = (id: string, seen = new Set<string>()): Set<string> => {
    const module = links.get(id);
    if (!module || seen.has(id)) return new Set();
    seen.add(id);
    let names = exported.get(id);
    if (!names) {
      names = new Set([...module.own, ...module.passedOn.keys(), ...module.exportsAllOf.flatMap((from) => [...exportsOf(from, seen)])]);
      exported.set(id, names);
    }
    return names;
  };

  /** The modules whose code runs for what `file` uses: a module passing a name on is gone through. */
  const usedFrom = (file: string) => {
    const seen = new Set<string>();
    const used = new Set<string>();
    const use = (id: string, name: string) => {
      const key = `${id}\0${name}`;
      if (seen.has(key)) return;
      seen.add(key);
      const module = links.get(id);
      if (!module) return void used.add(id);
      // A module with nothing of its own, whose package does not say it is free of side effects, is kept by
      // the bundler (empty, before its importers): it goes with the pages it passes names on to.
      if (module.own.size === 0) used.add(id);
      if (name !== '*') {
        const passed = module.passedOn.get(name);
        if (passed) return use(passed.from, passed.imported);
        const from = module.own.has(name) ? undefined : module.exportsAllOf.find((all) => exportsOf(all).has(name));
        if (from) return use(from, name);
      }
      used.add(id);
      for (const { from, names } of module.imports) for (const imported of names) use(from, imported);
    };
    use(file, '*');
    return used;
  };

  const name = (id: string) => {
    if (!pagesUsing) {
      pagesUsing = new Map();
      for (const [page, files] of Object.entries(pages)) {
        for (const module of files.flatMap((file) => [...usedFrom(file)])) {
          const using = pagesUsing.get(module) ?? [];
          if (!using.includes(page)) pagesUsing.set(module, [...using, page]);
        }
      }
    }
    const using = pagesUsing.get(id);
    return using ? `pages-${using.join('-')}` : null;
  };

  return {
    plugin,
    group: {
      debugName: 'budgeted-pages',
      name,
      // A module that one page (or one lazy component) only uses stays in that page's own chunk.
      minShareCount: 2,
      // A module's imports are used by every page that uses it, so they are in a group of the same pages or
      // more: the groups import one another one way only, without a cycle.
      includeDependenciesRecursively: false,
    },
  };
}
