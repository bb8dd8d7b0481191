//! The OpenAPI document and a checker of values against its schemas, for the tests that hold
//! real answers up to it.

use super::Api;
use axum::http::Method;
use serde_json::{Value, json};

/// The document the server makes from its router.
pub fn document() -> Value {
    serde_json::from_str(server::api::http::document()).expect("the OpenAPI document is JSON")
}

pub fn resolve<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
    match value.get("$ref").and_then(Value::as_str) {
        Some(target) => {
            let pointer = target.strip_prefix('#').expect("a local $ref");
            resolve(
                doc,
                doc.pointer(pointer)
                    .unwrap_or_else(|| panic!("no {target}")),
            )
        }
        None => value,
    }
}

/// Checks `value` against `schema`: `$ref`, `allOf` (its parts' properties as one object),
/// `oneOf` (by the discriminator where there is one),
/// `const`, `enum`, `type` (a name or a list), `minimum`/`maximum`, an object's `required` and
/// declared `properties` (a property the schema does not declare is an error too: the
/// document mirrors the serde output exactly), and an array's `items`.
pub fn check(doc: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    if let Some(target) = schema.get("$ref").and_then(Value::as_str) {
        let pointer = target.strip_prefix('#').expect("a local $ref");
        let resolved = doc
            .pointer(pointer)
            .unwrap_or_else(|| panic!("no {target}"));
        return check(doc, resolved, value, at, errors);
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        return check(doc, &all_of(doc, schema, parts), value, at, errors);
    }
    if let Some(discriminator) = schema.get("discriminator") {
        let property = discriminator["propertyName"].as_str().unwrap();
        let tag = value.get(property).and_then(Value::as_str).unwrap_or("");
        match discriminator["mapping"].get(tag).and_then(Value::as_str) {
            Some(target) => check(doc, &json!({ "$ref": target }), value, at, errors),
            None => errors.push(format!(
                "{at}: {property} {tag:?} is not one of the mapping"
            )),
        }
        return;
    }
    if let Some(alternatives) = schema.get("oneOf").and_then(Value::as_array) {
        let results: Vec<Vec<String>> = alternatives
            .iter()
            .map(|alternative| {
                let mut e = Vec::new();
                check(doc, alternative, value, at, &mut e);
                e
            })
            .collect();
        let matching = results.iter().filter(|e| e.is_empty()).count();
        if matching != 1 {
            errors.push(format!(
                "{at}: {value} matches {matching} of oneOf, not one: {results:?}"
            ));
        }
    }
    if let Some(constant) = schema.get("const")
        && constant != value
    {
        errors.push(format!("{at}: {value} is not {constant}"));
    }
    if let Some(values) = schema.get("enum").and_then(Value::as_array)
        && !values.contains(value)
    {
        errors.push(format!("{at}: {value} is not one of {values:?}"));
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => panic!("{at}: a bad type {types}"),
        };
        let fits = |t: &str| match t {
            "null" => value.is_null(),
            "boolean" => value.is_boolean(),
            "integer" => value.is_u64() || value.is_i64(),
            "number" => value.is_number(),
            "string" => value.is_string(),
            "array" => value.is_array(),
            "object" => value.is_object(),
            other => panic!("{at}: an unknown type {other}"),
        };
        if !types.iter().any(|t| fits(t)) {
            errors.push(format!("{at}: {value} is not {types:?}"));
        }
    }
    if let Some(n) = value.as_f64() {
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64)
            && n < min
        {
            errors.push(format!("{at}: {n} is below {min}"));
        }
        if let Some(max) = schema.get("maximum").and_then(Value::as_f64)
            && n > max
        {
            errors.push(format!("{at}: {n} is above {max}"));
        }
    }
    if let Some(object) = value.as_object() {
        for name in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !object.contains_key(name) {
                errors.push(format!("{at}: the required property {name} is missing"));
            }
        }
        if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
            for (name, v) in object {
                match properties.get(name) {
                    Some(s) => check(doc, s, v, &format!("{at}.{name}"), errors),
                    None => errors.push(format!("{at}: the property {name} is not declared")),
                }
            }
        }
    }
    if let (Some(items), Some(values)) = (schema.get("items"), value.as_array()) {
        for (i, v) in values.iter().enumerate() {
            check(doc, items, v, &format!("{at}[{i}]"), errors);
        }
    }
}

/// An `allOf` as the one object schema it makes: every part's properties and required ones (a
/// property declared by one part is declared for the whole), and the rest of `schema`.
fn all_of(doc: &Value, schema: &Value, parts: &[Value]) -> Value {
    let mut whole = schema.as_object().cloned().unwrap_or_default();
    whole.remove("allOf");
    let mut properties = serde_json::Map::new();
    let mut required = Vec::new();
    for part in parts {
        let part = resolve(doc, part);
        if let Some(more) = part.get("properties").and_then(Value::as_object) {
            properties.extend(more.clone());
        }
        if let Some(more) = part.get("required").and_then(Value::as_array) {
            required.extend(more.iter().cloned());
        }
        for (key, v) in part.as_object().into_iter().flatten() {
            if key != "properties" && key != "required" {
                whole.entry(key.clone()).or_insert_with(|| v.clone());
            }
        }
    }
    whole.insert("properties".into(), Value::Object(properties));
    whole.insert("required".into(), Value::Array(required));
    Value::Object(whole)
}

/// Asserts that `value` fits the schema `#/components/schemas/{name}` (`name` may be
/// `[Name]` for an array of them).
pub fn fits(doc: &Value, name: &str, value: &Value) {
    let schema = match name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
        Some(item) => {
            json!({ "type": "array", "items": { "$ref": format!("#/components/schemas/{item}") } })
        }
        None => json!({ "$ref": format!("#/components/schemas/{name}") }),
    };
    let mut errors = Vec::new();
    check(doc, &schema, value, name, &mut errors);
    assert!(
        errors.is_empty(),
        "{name} does not fit its schema:\n{}",
        errors.join("\n")
    );
}

/// The schema of the 200 answer of `method path` in the document, as a `fits` name.
pub fn answer_schema(doc: &Value, path: &str, method: &str) -> String {
    let schema =
        &doc["paths"][path][method]["responses"]["200"]["content"]["application/json"]["schema"];
    let name = |s: &Value| {
        s["$ref"]
            .as_str()
            .and_then(|r| r.strip_prefix("#/components/schemas/"))
            .map(str::to_string)
    };
    name(schema)
        .or_else(|| name(&schema["items"]).map(|n| format!("[{n}]")))
        .unwrap_or_else(|| panic!("{method} {path}: no schema for 200"))
}

/// A request whose answer must be a 200 that fits the schema the document gives for it.
pub async fn documented(
    api: &Api,
    doc: &Value,
    method: Method,
    uri: &str,
    path: &str,
    secret: Option<&str>,
    body: Option<Value>,
) -> Value {
    let value = api.ok(method.clone(), uri, secret, body.as_ref()).await;
    let name = answer_schema(doc, path, &method.as_str().to_lowercase());
    fits(doc, &name, &value);
    value
}
