//! `#[derive(Shape)]`: one declaration of a type that crosses ctxpack's JS↔wasm boundary.
//!
//! From the struct or enum as written, the derive implements `ctxpack::shape`'s traits:
//! - `Shape` (always): a description — names as JavaScript sees them, doc comments, field types —
//!   from which a test generates the TypeScript declarations and the JavaScript decoders;
//! - `Output` (`#[shape(output)]`): the JSON writer and the column encoder;
//! - `Input` (`#[shape(input)]`): the reader from a JSON value, unknown fields refused by name.
//!
//! Container attributes: `rename_all = "camelCase" | "snake_case" | "SCREAMING_SNAKE_CASE"`,
//! `input`, `output`, `expecting = "…"` (what an input is called in "expected …" messages).
//! Field attributes: `rename = "…"`, `intern` (a string most records share: it crosses once
//! per call), `flatten` (a struct's fields inlined, first field only), `ts = "…"` (the
//! TypeScript type, for a field whose Rust type says less), `with = "path"` (an input field
//! read by `fn(&Value, &str) -> Result<T>` instead of its type's reader; absent or null gives
//! the type's default).

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Fields, LitStr};

#[proc_macro_derive(Shape, attributes(shape))]
pub fn derive_shape(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    match expand(&input) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// `#[python_name]` on a `#[pyfunction]` whose Rust name is an export's JavaScript name
/// (`extractClasses`, as the export tables spell it): names it in Python in snake_case
/// (`#[pyo3(name = "extract_classes")]`), so the Python binding expands the same tables.
#[proc_macro_attribute]
pub fn python_name(_: TokenStream, item: TokenStream) -> TokenStream {
    let tokens: Vec<proc_macro2::TokenTree> = Tokens::from(item).into_iter().collect();
    let name = tokens
        .windows(2)
        .find_map(|w| match w {
            [proc_macro2::TokenTree::Ident(f), proc_macro2::TokenTree::Ident(n)] if f == "fn" => {
                Some(n.to_string())
            }
            _ => None,
        })
        .unwrap_or_default();
    let name = rename(&name, Some("snake_case")).unwrap_or(name);
    // After the item's own attributes (`#[pyfunction]` among them), which then read it.
    let attrs = tokens
        .chunks(2)
        .take_while(|c| {
            matches!(c, [proc_macro2::TokenTree::Punct(p), proc_macro2::TokenTree::Group(_)] if p.as_char() == '#')
        })
        .count()
        * 2;
    let (head, rest) = tokens.split_at(attrs.min(tokens.len()));
    let (head, rest): (Tokens, Tokens) = (
        head.iter().cloned().collect(),
        rest.iter().cloned().collect(),
    );
    quote!(#head #[pyo3(name = #name)] #rest).into()
}

#[derive(Default)]
struct Container {
    rename_all: Option<String>,
    input: bool,
    output: bool,
    expecting: Option<String>,
}

#[derive(Default)]
struct FieldAttrs {
    rename: Option<String>,
    intern: bool,
    flatten: bool,
    ts: Option<String>,
    with: Option<syn::Path>,
}

fn container_attrs(attrs: &[syn::Attribute]) -> syn::Result<Container> {
    let mut c = Container::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("shape")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("rename_all") {
                c.rename_all = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("input") {
                c.input = true;
            } else if m.path.is_ident("output") {
                c.output = true;
            } else if m.path.is_ident("expecting") {
                c.expecting = Some(m.value()?.parse::<LitStr>()?.value());
            } else {
                return Err(m.error("unknown shape attribute"));
            }
            Ok(())
        })?;
    }
    Ok(c)
}

fn field_attrs(attrs: &[syn::Attribute]) -> syn::Result<FieldAttrs> {
    let mut f = FieldAttrs::default();
    for a in attrs.iter().filter(|a| a.path().is_ident("shape")) {
        a.parse_nested_meta(|m| {
            if m.path.is_ident("rename") {
                f.rename = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("intern") {
                f.intern = true;
            } else if m.path.is_ident("flatten") {
                f.flatten = true;
            } else if m.path.is_ident("ts") {
                f.ts = Some(m.value()?.parse::<LitStr>()?.value());
            } else if m.path.is_ident("with") {
                f.with = Some(m.value()?.parse::<LitStr>()?.parse()?);
            } else {
                return Err(m.error("unknown shape field attribute"));
            }
            Ok(())
        })?;
    }
    Ok(f)
}

/// The doc comment, its lines joined, one leading space dropped per line.
fn doc(attrs: &[syn::Attribute]) -> String {
    let mut lines = Vec::new();
    for a in attrs.iter().filter(|a| a.path().is_ident("doc")) {
        if let syn::Meta::NameValue(nv) = &a.meta {
            if let syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) = &nv.value
            {
                let v = s.value();
                lines.push(v.strip_prefix(' ').unwrap_or(&v).to_string());
            }
        }
    }
    lines.join("\n")
}

fn words(ident: &str) -> Vec<String> {
    // Rust field names are snake_case, variant names CamelCase: split both into lower words.
    let mut out: Vec<String> = Vec::new();
    for part in ident.split('_').filter(|p| !p.is_empty()) {
        let mut cur = String::new();
        for ch in part.chars() {
            if ch.is_uppercase() && !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            cur.extend(ch.to_lowercase());
        }
        if !cur.is_empty() {
            out.push(cur);
        }
    }
    out
}

fn rename(ident: &str, rule: Option<&str>) -> syn::Result<String> {
    let w = words(ident);
    Ok(match rule {
        None => ident.to_string(),
        Some("camelCase") => w
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if i == 0 {
                    s.clone()
                } else {
                    let mut c = s.chars();
                    c.next()
                        .map(|f| f.to_uppercase().chain(c).collect())
                        .unwrap_or_default()
                }
            })
            .collect(),
        Some("snake_case") => w.join("_"),
        Some("SCREAMING_SNAKE_CASE") => w.join("_").to_uppercase(),
        Some(other) => {
            return Err(syn::Error::new(
                proc_macro2::Span::call_site(),
                format!("unknown rename_all rule {other:?}"),
            ))
        }
    })
}

fn expand(input: &DeriveInput) -> syn::Result<Tokens> {
    let c = container_attrs(&input.attrs)?;
    match &input.data {
        Data::Struct(s) => expand_struct(input, &c, &s.fields),
        Data::Enum(e) => expand_enum(input, &c, e),
        Data::Union(_) => Err(syn::Error::new_spanned(
            &input.ident,
            "Shape is for structs and enums",
        )),
    }
}

fn expand_struct(input: &DeriveInput, c: &Container, fields: &Fields) -> syn::Result<Tokens> {
    let name = &input.ident;
    let type_doc = doc(&input.attrs);
    let Fields::Named(named) = fields else {
        return Err(syn::Error::new_spanned(
            name,
            "Shape structs need named fields",
        ));
    };
    let mut decls = Vec::new();
    let mut writes = Vec::new();
    let mut encodes = Vec::new();
    let mut reads = Vec::new();
    let mut keys = Vec::new();
    for (i, f) in named.named.iter().enumerate() {
        let ident = f
            .ident
            .as_ref()
            .ok_or_else(|| syn::Error::new_spanned(f, "unnamed field"))?;
        let ty = &f.ty;
        let a = field_attrs(&f.attrs)?;
        let js = match &a.rename {
            Some(r) => r.clone(),
            None => rename(&ident.to_string(), c.rename_all.as_deref())?,
        };
        let fdoc = doc(&f.attrs);
        let ts = match &a.ts {
            Some(t) => quote!(::core::option::Option::Some(#t)),
            None => quote!(::core::option::Option::None),
        };
        let flatten = a.flatten;
        if flatten && i != 0 {
            return Err(syn::Error::new_spanned(
                f,
                "only the first field may be flattened",
            ));
        }
        let intern = a.intern;
        // A field read `with` a function takes its type's default when absent.
        let defaulted = a.with.is_some();
        decls.push(quote! {
            crate::shape::Field {
                name: #js,
                doc: #fdoc,
                ty: <#ty as crate::shape::Ty>::ty(),
                ts: #ts,
                flatten: #flatten,
                intern: #intern,
                defaulted: #defaulted,
            }
        });
        if flatten {
            if c.input {
                return Err(syn::Error::new_spanned(
                    f,
                    "flatten is for output shapes only",
                ));
            }
            writes.push(quote!(crate::shape::Object::write_fields(&self.#ident, w);));
            encodes.push(quote!(crate::shape::Output::encode(&self.#ident, e);));
            continue;
        }
        writes.push(quote! {
            w.key(#js);
            crate::shape::Output::write_json(&self.#ident, w);
        });
        if intern {
            encodes.push(quote!(e.intern(&self.#ident);));
        } else {
            encodes.push(quote!(crate::shape::Output::encode(&self.#ident, e);));
        }
        match &a.with {
            Some(with) => reads.push(quote!(#ident: f.read_with(#js, #with)?)),
            None => reads.push(quote!(#ident: f.read(#js)?)),
        }
        keys.push(js);
    }
    let mut out = shape_impls(
        name,
        &type_doc,
        c.input,
        quote!(crate::shape::Body::Struct(::std::vec![#(#decls),*])),
    );
    if c.output {
        out.extend(serde_output(name));
        out.extend(quote! {
            impl crate::shape::Object for #name {
                fn write_fields(&self, w: &mut crate::shape::JsonOut) {
                    #(#writes)*
                }
            }
            impl crate::shape::Output for #name {
                fn write_json(&self, w: &mut crate::shape::JsonOut) {
                    w.begin_object();
                    crate::shape::Object::write_fields(self, w);
                    w.end_object();
                }
                fn encode<'a>(&'a self, e: &mut crate::shape::Encoder<'a>) {
                    #(#encodes)*
                }
            }
        });
    }
    if c.input {
        out.extend(serde_input(name));
        let expecting = c
            .expecting
            .clone()
            .unwrap_or_else(|| "an object".to_string());
        out.extend(quote! {
            impl crate::shape::Input for #name {
                fn read(v: &crate::json::Value, path: &str) -> crate::Result<Self> {
                    let f = crate::json::read::Fields::new(v, path, #expecting, &[#(#keys),*])?;
                    ::core::result::Result::Ok(#name { #(#reads),* })
                }
            }
        });
    }
    Ok(out)
}

fn expand_enum(input: &DeriveInput, c: &Container, e: &syn::DataEnum) -> syn::Result<Tokens> {
    let name = &input.ident;
    let type_doc = doc(&input.attrs);
    let mut variants = Vec::new();
    let mut decls = Vec::new();
    let mut arms = Vec::new();
    let mut codes = Vec::new();
    for (i, v) in e.variants.iter().enumerate() {
        if !matches!(v.fields, Fields::Unit) {
            return Err(syn::Error::new_spanned(
                v,
                "Shape enums have unit variants only",
            ));
        }
        let ident = &v.ident;
        let a = field_attrs(&v.attrs)?;
        let js = match a.rename {
            Some(r) => r,
            None => rename(&ident.to_string(), c.rename_all.as_deref())?,
        };
        let vdoc = doc(&v.attrs);
        let code =
            u8::try_from(i).map_err(|_| syn::Error::new_spanned(v, "at most 256 variants"))?;
        variants.push(quote!((#js, #name::#ident)));
        decls.push(quote!(crate::shape::Variant { name: #js, doc: #vdoc }));
        arms.push(quote!(#name::#ident => #js));
        codes.push(quote!(#name::#ident => #code));
    }
    let n = variants.len();
    let mut out = quote! {
        impl #name {
            /// Every variant with its name as JavaScript and JSON spell it.
            pub const VARIANTS: [(&'static str, #name); #n] = [#(#variants),*];

            /// The name as JavaScript and JSON spell it.
            pub fn as_str(self) -> &'static str {
                match self { #(#arms),* }
            }

            /// The variant's position in the declaration (the code it crosses as).
            pub fn code(self) -> u8 {
                match self { #(#codes),* }
            }
        }
    };
    out.extend(shape_impls(
        name,
        &type_doc,
        c.input,
        quote!(crate::shape::Body::Enum(::std::vec![#(#decls),*])),
    ));
    if c.output {
        out.extend(serde_output(name));
        out.extend(quote! {
            impl crate::shape::Output for #name {
                fn write_json(&self, w: &mut crate::shape::JsonOut) {
                    w.string(self.as_str());
                }
                fn encode<'a>(&'a self, e: &mut crate::shape::Encoder<'a>) {
                    e.code(self.code());
                }
            }
        });
    }
    if c.input {
        out.extend(serde_input(name));
        out.extend(quote! {
            impl crate::shape::Input for #name {
                fn read(v: &crate::json::Value, path: &str) -> crate::Result<Self> {
                    crate::json::read::variant(v, path, &Self::VARIANTS)
                }
            }
        });
    }
    Ok(out)
}

/// `Shape` (the declaration) and `Ty` (the type as a field's type), for a struct or an enum.
fn shape_impls(name: &syn::Ident, doc: &str, input: bool, body: Tokens) -> Tokens {
    let name_str = name.to_string();
    quote! {
        impl crate::shape::Shape for #name {
            const NAME: &'static str = #name_str;
            fn decl() -> crate::shape::Decl {
                crate::shape::Decl {
                    name: #name_str,
                    doc: #doc,
                    input: #input,
                    body: #body,
                }
            }
        }
        impl crate::shape::Ty for #name {
            fn ty() -> crate::shape::TyRef {
                crate::shape::TyRef::Named(<#name as crate::shape::Shape>::decl)
            }
        }
    }
}

/// With ctxpack's `serde` feature, an output serializes as the same JSON its writer produces.
fn serde_output(name: &syn::Ident) -> Tokens {
    quote! {
        #[cfg(feature = "serde")]
        impl serde::Serialize for #name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> ::core::result::Result<S::Ok, S::Error> {
                serde::Serialize::serialize(&crate::shape::to_value(self), s)
            }
        }
    }
}

/// With ctxpack's `serde` feature, an input deserializes through its one reader.
fn serde_input(name: &syn::Ident) -> Tokens {
    quote! {
        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for #name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> ::core::result::Result<Self, D::Error> {
                let v = <crate::json::Value as serde::Deserialize>::deserialize(d)?;
                <#name as crate::shape::Input>::read(&v, "").map_err(serde::de::Error::custom)
            }
        }
    }
}
