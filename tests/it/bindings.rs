//! The C# binding's P/Invoke declarations against the C header, as `header_is_current`
//! (src/ffi/mod.rs) checks the header against the Rust exports: every `[DllImport]` of the
//! binding is in one file, GjkNative.cs; every function of include/gjk.h is declared there and
//! every declaration there is a function of the header, with the same name, as many parameters
//! and compatible types (a C `double` a C# `double`, a `const GjkPose *` an `[In] ref GjkPose`
//! or a `GjkPose[]`, a `GjkShape **` an `out Shape`, any pointer an `IntPtr`, ...); the
//! callback types likewise against the header's function-pointer typedefs.
//!
//! Why a check rather than generated declarations (csbindgen): the binding's declarations say
//! more than the C signatures do, and a generator from them cannot say it without `unsafe`
//! code (which the Unity package does not allow): shapes are `SafeHandle`s, pointers are `ref`,
//! `out` or typed arrays, and a C function has overloads for the binding's own point types and
//! Unity's (`gjk_polygon_new_f32` takes `double[]`, `Vec2[]` and `Vector2[]`).

use crate::common::native::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The file holding every P/Invoke declaration of the binding.
const NATIVE: &str = "bindings/csharp/unity/com.gjk.collision/Runtime/GjkNative.cs";
/// The folder of the binding's sources.
const RUNTIME: &str = "bindings/csharp/unity/com.gjk.collision/Runtime";

/// A C type as written in the header: `const struct GjkShape *const *` is `GjkShape` with its
/// constness (`consts[0]`) and two pointers, the first (`consts[1]`) to const.
#[derive(Debug, Clone, PartialEq)]
struct CType {
    /// The base type's name (`double`, `GjkPose`, `void`, `char`), `struct` dropped.
    base: String,
    /// For each level, whether it is const: `consts[0]` for the base, `consts[k]` for the k-th
    /// pointer from the base outwards (`*const` makes a pointer const).
    consts: Vec<bool>,
}

impl CType {
    /// The number of pointers.
    fn depth(&self) -> usize {
        self.consts.len() - 1
    }

    /// What the outermost pointer points to.
    fn pointee(&self) -> CType {
        CType {
            base: self.base.clone(),
            consts: self.consts[..self.consts.len() - 1].to_vec(),
        }
    }

    /// Whether what the outermost pointer points to is const (an input).
    fn points_to_const(&self) -> bool {
        self.consts[self.consts.len() - 2]
    }
}

/// A C function or function-pointer typedef: its name, return type and parameter types.
#[derive(Debug)]
struct CFunction {
    name: String,
    ret: CType,
    params: Vec<CType>,
}

/// A C# parameter or return type: `[In] ref GjkPose` is attributes `In`, modifier `ref`, type
/// `GjkPose`.
#[derive(Debug, Clone)]
struct CsType {
    /// The attributes' names (`In`, `Out`).
    attributes: Vec<String>,
    /// `ref`, `out`, `in` or nothing.
    modifier: Option<String>,
    /// The type's name without namespace (`UnityEngine.Vector2` is `Vector2`) or `[]`.
    name: String,
    /// Whether it is an array.
    array: bool,
}

impl std::fmt::Display for CsType {
    /// As written in C#: `[In] ref GjkPose`, `double[]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if !self.attributes.is_empty() {
            write!(f, "[{}] ", self.attributes.join(", "))?;
        }
        if let Some(modifier) = &self.modifier {
            write!(f, "{modifier} ")?;
        }
        write!(f, "{}{}", self.name, if self.array { "[]" } else { "" })
    }
}

/// A C# P/Invoke declaration (or callback delegate): the C name, the C# name, the types.
#[derive(Debug)]
struct CsFunction {
    /// The native function it calls (`EntryPoint`, or else the method's name).
    entry_point: String,
    name: String,
    ret: CsType,
    params: Vec<CsType>,
    /// What is wrong with its attribute (calling convention, library, spelling), if anything.
    attribute_error: Option<String>,
}

/// `text` without its comments (`/* */` and `//` to the end of the line).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
            out.push(' ');
        } else if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// `text` split at the top-level commas (outside brackets and parentheses), trimmed; no items
/// for an empty or `void` list.
fn split_list(text: &str) -> Vec<String> {
    let text = text.trim();
    if text.is_empty() || text == "void" {
        return Vec::new();
    }
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut item = String::new();
    for c in text.chars() {
        match c {
            '(' | '[' | '<' => depth += 1,
            ')' | ']' | '>' => depth -= 1,
            ',' if depth == 0 => {
                items.push(item.trim().to_string());
                item.clear();
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    items.push(item.trim().to_string());
    items
}

/// The tokens of a C type: identifiers and `*`.
fn c_tokens(text: &str) -> Vec<String> {
    text.replace('*', " * ")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// The C type `tokens` (without a parameter name).
fn c_type(tokens: &[String]) -> CType {
    let mut base = None;
    let mut consts = vec![false];
    for token in tokens {
        match token.as_str() {
            "struct" => {}
            "const" => *consts.last_mut().expect("a level") = true,
            "*" => consts.push(false),
            name => {
                assert!(base.is_none(), "two type names in {tokens:?}");
                base = Some(name.to_string());
            }
        }
    }
    // `const` binds to what is on its left, or to the base when it comes first: "const T *"
    // and "T const *" both mark the base (level 0); "T *const *" marks the first pointer.
    CType {
        base: base.unwrap_or_else(|| panic!("no type name in {tokens:?}")),
        consts,
    }
}

/// The C type of parameter `text` (`const double *xy`): its last identifier is its name.
fn c_param(text: &str) -> CType {
    let mut tokens = c_tokens(text);
    let name = tokens.pop().expect("a parameter");
    assert!(name != "*", "a parameter without a name: {text:?}");
    c_type(&tokens)
}

/// The functions and function-pointer typedefs of the header (`functions`, `callbacks`), and
/// its opaque types (`typedef struct X X;`).
struct Header {
    functions: BTreeMap<String, CFunction>,
    callbacks: BTreeMap<String, CFunction>,
    opaque: BTreeSet<String>,
}

fn parse_header(text: &str) -> Header {
    let code: String = strip_comments(text)
        .lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n");
    let mut header = Header {
        functions: BTreeMap::new(),
        callbacks: BTreeMap::new(),
        opaque: BTreeSet::new(),
    };
    for statement in code.split([';', '{', '}']) {
        let statement = statement.split_whitespace().collect::<Vec<_>>().join(" ");
        if let Some(rest) = statement.strip_prefix("typedef struct ") {
            let words: Vec<&str> = rest.split(' ').collect();
            if words.len() == 2 && words[0] == words[1] {
                header.opaque.insert(words[0].to_string());
            }
            continue;
        }
        let Some(open) = statement.find('(') else {
            continue;
        };
        let close = statement.rfind(')').expect("a closing parenthesis");
        if let Some(rest) = statement.strip_prefix("typedef ") {
            // typedef RET (*NAME)(PARAMS)
            let open = rest.find("(*").expect("a function-pointer typedef");
            let name_end = rest[open..].find(')').expect("(*NAME)") + open;
            let params_open = rest[name_end..].find('(').expect("its parameters") + name_end;
            let function = CFunction {
                name: rest[open + 2..name_end].trim().to_string(),
                ret: c_type(&c_tokens(&rest[..open])),
                params: split_list(&rest[params_open + 1..rest.rfind(')').expect(")")])
                    .iter()
                    .map(|p| c_param(p))
                    .collect(),
            };
            header.callbacks.insert(function.name.clone(), function);
        } else {
            let mut tokens = c_tokens(&statement[..open]);
            let name = tokens.pop().expect("a function name");
            let function = CFunction {
                name: name.clone(),
                ret: c_type(&tokens),
                params: split_list(&statement[open + 1..close])
                    .iter()
                    .map(|p| c_param(p))
                    .collect(),
            };
            assert!(
                header.functions.insert(name.clone(), function).is_none(),
                "{name} is declared twice in the header"
            );
        }
    }
    header
}

/// The C# type `text` (`[In] ref GjkPose`, `UnityEngine.Vector2[]`), with `name` dropped when
/// it is a parameter.
fn cs_type(text: &str, has_name: bool) -> CsType {
    let mut rest = text.trim();
    let mut attributes = Vec::new();
    while let Some(after) = rest.strip_prefix('[') {
        let end = after.find(']').expect("an attribute's end");
        attributes.extend(split_list(&after[..end]).into_iter().map(|attribute| {
            attribute
                .split('(')
                .next()
                .expect("a name")
                .trim()
                .to_string()
        }));
        rest = after[end + 1..].trim_start();
    }
    let mut words: Vec<&str> = rest.split_whitespace().collect();
    if has_name {
        words.pop().expect("a parameter's name");
    }
    let modifier = match words.first() {
        Some(&m @ ("ref" | "out" | "in")) => {
            words.remove(0);
            Some(m.to_string())
        }
        _ => None,
    };
    assert!(words.len() == 1, "cannot read the C# type {text:?}");
    let full = words[0];
    let (full, array) = match full.strip_suffix("[]") {
        Some(element) => (element, true),
        None => (full, false),
    };
    CsType {
        attributes,
        modifier,
        name: full.rsplit('.').next().expect("a name").to_string(),
        array,
    }
}

/// What is wrong with the arguments of a `[DllImport(...)]` attribute, if anything; and its
/// `EntryPoint`, if any.
fn dll_import(arguments: &str) -> (Option<String>, Option<String>) {
    let mut library = false;
    let mut cdecl = false;
    let mut exact = false;
    let mut entry_point = None;
    let mut unknown = Vec::new();
    for argument in split_list(arguments) {
        let argument = argument.split_whitespace().collect::<Vec<_>>().join(" ");
        match argument.as_str() {
            "Library" => library = true,
            "CallingConvention = CallingConvention.Cdecl" => cdecl = true,
            "ExactSpelling = true" => exact = true,
            other => match other.strip_prefix("EntryPoint = ") {
                Some(name) => entry_point = Some(name.trim_matches('"').to_string()),
                None => unknown.push(other.to_string()),
            },
        }
    }
    let error = if !library {
        Some("does not load `Library`".to_string())
    } else if !cdecl {
        Some("is not `CallingConvention.Cdecl`".to_string())
    } else if !exact {
        Some("is not `ExactSpelling = true`".to_string())
    } else if !unknown.is_empty() {
        Some(format!(
            "has arguments this check does not know: {unknown:?}"
        ))
    } else {
        None
    };
    (error, entry_point)
}

/// The P/Invoke declarations (`imports`) and callback delegates (`callbacks`) of C# `text`.
fn parse_csharp(text: &str) -> (Vec<CsFunction>, Vec<CsFunction>) {
    let code = strip_comments(text);
    let mut imports = Vec::new();
    let mut callbacks = Vec::new();
    for (marker, is_import) in [("[DllImport(", true), ("[UnmanagedFunctionPointer(", false)] {
        let mut rest = code.as_str();
        while let Some(at) = rest.find(marker) {
            let after = &rest[at + marker.len()..];
            let end = after.find(")]").expect("the attribute's end");
            let arguments = &after[..end];
            let declaration = &after[end + 2..];
            let declaration = &declaration[..declaration.find(';').expect("a declaration")];
            rest = &after[end + 2..];
            let open = declaration.find('(').expect("parameters");
            let close = declaration.rfind(')').expect("parameters' end");
            let mut head: Vec<&str> = declaration[..open].split_whitespace().collect();
            let name = head.pop().expect("a name").to_string();
            let ret = cs_type(head.pop().expect("a return type"), false);
            let params = split_list(&declaration[open + 1..close])
                .iter()
                .map(|p| cs_type(p, true))
                .collect();
            if is_import {
                let (mut attribute_error, entry_point) = dll_import(arguments);
                if head != ["public", "static", "extern"] {
                    attribute_error = Some(format!("is declared `{}`", head.join(" ")));
                }
                imports.push(CsFunction {
                    entry_point: entry_point.unwrap_or_else(|| name.clone()),
                    name,
                    ret,
                    params,
                    attribute_error,
                });
            } else {
                let arguments = arguments.split_whitespace().collect::<String>();
                callbacks.push(CsFunction {
                    entry_point: name.clone(),
                    name,
                    ret,
                    params,
                    attribute_error: (arguments != "CallingConvention.Cdecl")
                        .then(|| format!("has calling convention {arguments}")),
                });
            }
        }
    }
    (imports, callbacks)
}

/// The C# names that may stand for C value type `base` (by value, or pointed to): the C#
/// structs of the binding carry the C names; a C `bool` is a byte; a pointer to doubles may be
/// a `Double3` or a `Rotation`, one to floats a point of floats (the binding's `Vec2`, `Vec3`,
/// Unity's `Vector2`, `Vector3`).
fn value_names(base: &str) -> Vec<&str> {
    match base {
        "double" => vec!["double", "Double3", "Rotation"],
        "float" => vec!["float", "Vec2", "Vec3", "Vector2", "Vector3"],
        "int32_t" => vec!["int"],
        "uint32_t" => vec!["uint"],
        "size_t" => vec!["UIntPtr"],
        "bool" => vec!["byte"],
        "void" => vec!["void"],
        name if name.starts_with("Gjk") => vec![name],
        _ => vec![],
    }
}

/// Whether C# type `cs` passes (or returns) C type `c` compatibly, given the header's opaque
/// types; if not, why.
fn compatible(c: &CType, cs: &CsType, opaque: &BTreeSet<String>) -> Result<(), String> {
    let plain = cs.modifier.is_none() && !cs.array && cs.attributes.is_empty();
    if c.depth() == 0 {
        // A value: the C# type of the same name and size.
        let names = value_names(&c.base);
        let exact = ["double", "float", "int32_t", "uint32_t", "size_t", "void"];
        let allowed: Vec<&str> = if exact.contains(&c.base.as_str()) {
            names[..1].to_vec()
        } else {
            names
        };
        return if plain && allowed.contains(&cs.name.as_str()) {
            Ok(())
        } else {
            Err(format!("a {} by value is one of {allowed:?}", c.base))
        };
    }
    // Any pointer may be an IntPtr.
    if plain && cs.name == "IntPtr" {
        return Ok(());
    }
    let pointee = c.pointee();
    // A shape that is read (`const GjkShape *`) may be the SafeHandle; one written
    // (`GjkShape **out`), an `out Shape`.
    if c.base == "GjkShape" {
        match (c.depth(), c.points_to_const(), cs) {
            (1, true, cs) if plain && cs.name == "Shape" => return Ok(()),
            (2, false, cs)
                if cs.modifier.as_deref() == Some("out") && !cs.array && cs.name == "Shape" =>
            {
                return Ok(())
            }
            _ => {}
        }
    }
    // What may stand for the pointee: its value names, or IntPtr for a pointer or an opaque
    // type (never a value of it).
    let names: Vec<&str> = if pointee.depth() > 0 {
        vec!["IntPtr"]
    } else if opaque.contains(&c.base) {
        vec![]
    } else {
        value_names(&c.base)
            .into_iter()
            .filter(|&name| name != "void")
            .collect()
    };
    if !names.contains(&cs.name.as_str()) {
        return Err(format!(
            "a pointer to {}{} is an IntPtr{}",
            if pointee.depth() > 0 {
                "a pointer to "
            } else {
                ""
            },
            c.base,
            if names.is_empty() {
                String::new()
            } else {
                format!(" or a ref, out or array of one of {names:?}")
            }
        ));
    }
    let has = |attribute: &str| cs.attributes.iter().any(|a| a == attribute);
    let modifier = cs.modifier.as_deref();
    if c.points_to_const() {
        // Read by the library: `[In] ref T` or a `T[]` it does not write.
        match (modifier, cs.array) {
            (Some("ref"), false) if has("In") && !has("Out") => Ok(()),
            (None, true) if !has("Out") => Ok(()),
            _ => Err("a pointer to const is an `[In] ref T` or a `T[]` without [Out]".into()),
        }
    } else {
        // Written by the library: `out T`, `ref T` (read and written) or `[Out] T[]`.
        match (modifier, cs.array) {
            (Some("out"), false) if cs.attributes.is_empty() => Ok(()),
            (Some("ref"), false) if !has("In") => Ok(()),
            (None, true) if has("Out") => Ok(()),
            _ => Err("a pointer to non-const is an `out T`, a `ref T` or an `[Out] T[]`".into()),
        }
    }
}

/// The mismatches between C# declaration `cs` and C function `c`.
fn compare(c: &CFunction, cs: &CsFunction, opaque: &BTreeSet<String>, problems: &mut Vec<String>) {
    let what = format!("{} ({} in C#)", c.name, cs.name);
    if let Some(error) = &cs.attribute_error {
        problems.push(format!("{what}: its attribute {error}"));
    }
    if cs.name != c.name {
        problems.push(format!("{what}: the C# name is not the C name"));
    }
    if cs.params.len() != c.params.len() {
        problems.push(format!(
            "{what}: {} parameters in C#, {} in the header",
            cs.params.len(),
            c.params.len()
        ));
        return;
    }
    if let Err(why) = compatible(&c.ret, &cs.ret, opaque) {
        problems.push(format!("{what}: return type {}: {why}", cs.ret));
    }
    for (k, (c_param, cs_param)) in c.params.iter().zip(&cs.params).enumerate() {
        if let Err(why) = compatible(c_param, cs_param, opaque) {
            problems.push(format!("{what}: parameter {} ({cs_param}): {why}", k + 1));
        }
    }
}

/// The mismatches between the C# declarations of `csharp` and header `header`.
fn mismatches(header: &str, csharp: &str) -> Vec<String> {
    let header = parse_header(header);
    let (imports, delegates) = parse_csharp(csharp);
    let mut problems = Vec::new();
    for (kind, c_functions, cs_functions) in [
        ("function", &header.functions, &imports),
        ("callback type", &header.callbacks, &delegates),
    ] {
        for cs in cs_functions {
            match c_functions.get(&cs.entry_point) {
                Some(c) => compare(c, cs, &header.opaque, &mut problems),
                None => problems.push(format!(
                    "{} is declared in C# but is no {kind} of include/gjk.h",
                    cs.entry_point
                )),
            }
        }
        let declared: BTreeSet<&str> = cs_functions
            .iter()
            .map(|cs| cs.entry_point.as_str())
            .collect();
        for name in c_functions.keys() {
            if !declared.contains(name.as_str()) {
                problems.push(format!("the {kind} {name} of include/gjk.h is not in C#"));
            }
        }
    }
    problems
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every function of include/gjk.h (and every callback type) has its declaration in
/// GjkNative.cs, every declaration there its C function, with compatible types.
#[test]
fn csharp_declarations_match_the_header() {
    let header = read(&root().join("include/gjk.h"));
    let csharp = read(&root().join(NATIVE));
    let parsed = parse_header(&header);
    assert!(
        parsed.functions.len() >= 50 && parsed.callbacks.len() >= 2,
        "the header's functions were not found: {} functions, {} callback types",
        parsed.functions.len(),
        parsed.callbacks.len()
    );
    let problems = mismatches(&header, &csharp);
    assert!(
        problems.is_empty(),
        "{NATIVE} does not match include/gjk.h:\n  {}",
        problems.join("\n  ")
    );
}

/// No other source of the binding declares native functions: GjkNative.cs is the one list.
#[test]
fn csharp_declarations_are_all_in_one_file() {
    let dir = root().join(RUNTIME);
    let mut others = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("the Runtime folder is listed") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|ext| ext == "cs") && !path.ends_with("GjkNative.cs") {
            let code = strip_comments(&read(&path));
            if ["DllImport", "UnmanagedFunctionPointer", " extern "]
                .iter()
                .any(|marker| code.contains(marker))
            {
                others.push(path.display().to_string());
            }
        }
    }
    assert!(
        others.is_empty(),
        "native declarations outside {NATIVE}: {others:?}"
    );
}

/// The check finds the faults it is for: a parameter dropped, a type changed, a function
/// missing, one the header does not have, an input written as an output, a stray attribute.
#[test]
fn csharp_declaration_check_finds_planted_faults() {
    let header = read(&root().join("include/gjk.h"));
    let csharp = read(&root().join(NATIVE));
    assert_eq!(
        mismatches(&header, &csharp),
        Vec::<String>::new(),
        "before planting"
    );
    let plant = |from: &str, to: &str| {
        assert_eq!(
            csharp.matches(from).count(),
            1,
            "{from:?} is in {NATIVE} once"
        );
        mismatches(&header, &csharp.replacen(from, to, 1))
    };
    let cases = [
        // A parameter removed.
        (
            "gjk_ellipse_new(double halfX, double halfY, out Shape shape);",
            "gjk_ellipse_new(double halfX, out Shape shape);",
            "gjk_ellipse_new (gjk_ellipse_new in C#): 2 parameters in C#, 3 in the header",
        ),
        // A double passed as a float.
        (
            "gjk_circle_new(double radius,",
            "gjk_circle_new(float radius,",
            "gjk_circle_new (gjk_circle_new in C#): parameter 1",
        ),
        // A function renamed: declared but not in the header, and the header's not declared.
        (
            "extern IntPtr gjk_version()",
            "extern IntPtr gjk_versions()",
            "gjk_versions is declared in C# but is no function of include/gjk.h",
        ),
        (
            "extern IntPtr gjk_version()",
            "extern IntPtr gjk_versions()",
            "the function gjk_version of include/gjk.h is not in C#",
        ),
        // A result read as an input.
        (
            "double targetSeparation, out GjkShapeCastHit result);",
            "double targetSeparation, [In] ref GjkShapeCastHit result);",
            "gjk_shape_cast (gjk_shape_cast in C#): parameter 9",
        ),
        // An input written back.
        (
            "Shape shape, [In] ref GjkPose pose, out Double3 min,",
            "Shape shape, out GjkPose pose, out Double3 min,",
            "gjk_shape_aabb (gjk_shape_aabb in C#): parameter 2",
        ),
        // The wrong calling convention on a callback.
        (
            "[UnmanagedFunctionPointer(CallingConvention.Cdecl)]\n        public delegate void GjkFreeFn",
            "[UnmanagedFunctionPointer(CallingConvention.StdCall)]\n        public delegate void GjkFreeFn",
            "GjkFreeFn (GjkFreeFn in C#): its attribute has calling convention",
        ),
    ];
    for (from, to, expected) in cases {
        let problems = plant(from, to);
        assert!(
            problems.iter().any(|p| p.contains(expected)),
            "{from:?} -> {to:?} was not reported as {expected:?}: {problems:#?}"
        );
    }
}
