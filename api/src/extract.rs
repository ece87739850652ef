//! Request extractors: the authenticated caller, and JSON bodies that name the field at fault.
//!
//! A route that needs a caller names the scope a personal API token must have to call it
//! (`Caller<scope::Play>`, `Presenting<scope::Play>`: the table in `docs/api.md`); a token
//! without it is refused with 403 `missing_scope`, while a session may call every route.

use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use serde::de::DeserializeOwned;
use tapis_service::identity::accounts::ClientInfo;
use tapis_service::identity::auth;
use tapis_service::identity::credentials::Credentials;
use tapis_service::identity::scopes::Scope;
use tapis_service::{Identity, ServiceError, Services};

use crate::problem::ApiError;

fn bearer(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| {
        ApiError::from(ServiceError::Unauthenticated(
            "malformed Authorization header",
        ))
    })?;
    match value.split_once(' ') {
        Some((scheme, token))
            if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
        {
            Ok(Some(token.trim().to_owned()))
        }
        _ => Err(ServiceError::Unauthenticated("use Authorization: Bearer <token>").into()),
    }
}

fn services(req: &HttpRequest) -> Result<Services, ApiError> {
    req.app_data::<web::Data<Services>>()
        .map(|data| data.get_ref().clone())
        .ok_or_else(|| ApiError::from(ServiceError::internal("services missing", "app data")))
}

/// The scope a route needs of a personal API token, as a type: `Caller<scope::Play>`.
pub trait Needs {
    const SCOPE: Scope;
}

/// The scopes as types, for [`Caller`] and [`Presenting`].
pub mod scope {
    use super::{Needs, Scope};

    macro_rules! scopes {
        ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy)]
            pub struct $name;

            impl Needs for $name {
                const SCOPE: Scope = Scope::$name;
            }
        )*};
    }

    scopes!(
        /// Playing: creating, joining, moving, resigning.
        Play,
        /// Reading the account's own data.
        Read,
        /// Changing the account: password, e-mail, notifications, vacation, sessions.
        Account,
        /// Managing webhooks.
        Webhooks,
        /// Managing personal API tokens.
        Tokens,
    );
}

/// The authenticated caller, allowed the scope `S`; 401 without a valid token, 403
/// `missing_scope` with a personal API token without that scope.
#[derive(Debug, Clone)]
pub struct Caller<S: Needs>(pub Identity, PhantomData<S>);

impl<S: Needs + 'static> FromRequest for Caller<S> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let presented = Presenting::<S>::read(req, payload);
        let services = services(req);
        Box::pin(async move {
            let credentials = presented?.0;
            Ok(Caller(
                auth::confirm(&services?, &credentials).await?,
                PhantomData,
            ))
        })
    }
}

/// The caller if a token is given (a bad token is still refused), else a spectator. A token
/// with any scope is accepted: the routes that take this extractor read public data.
#[derive(Debug, Clone)]
pub struct MaybeCaller(pub Option<Identity>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let presented = MaybePresenting::read(req, payload);
        let services = services(req);
        Box::pin(async move {
            match presented?.0 {
                None => Ok(MaybeCaller(None)),
                Some(credentials) => Ok(MaybeCaller(Some(
                    auth::confirm(&services?, &credentials).await?,
                ))),
            }
        })
    }
}

/// The credentials the caller presents, read (a session token's signature and expiry
/// checked) but not yet confirmed by the database: the hot paths (a move, a match view) confirm
/// them in their own statement (`Credentials::confirm`), which refuses a personal API token
/// without the scope `S` (403 `missing_scope`). 401 without a token or with one that is not
/// valid.
#[derive(Debug, Clone)]
pub struct Presenting<S: Needs>(pub Credentials, PhantomData<S>);

impl<S: Needs> Presenting<S> {
    fn read(req: &HttpRequest, payload: &mut Payload) -> Result<Presenting<S>, ApiError> {
        let credentials = MaybePresenting::read(req, payload)?.0.ok_or_else(|| {
            ApiError::from(ServiceError::Unauthenticated(
                "this endpoint needs Authorization: Bearer <token>",
            ))
        })?;
        Ok(Presenting(credentials.needing(S::SCOPE), PhantomData))
    }
}

impl<S: Needs> FromRequest for Presenting<S> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        std::future::ready(Presenting::read(req, payload))
    }
}

/// Like [`Presenting`], for routes that spectators may call without a token.
#[derive(Debug, Clone)]
pub struct MaybePresenting(pub Option<Credentials>);

impl MaybePresenting {
    fn read(req: &HttpRequest, _: &mut Payload) -> Result<MaybePresenting, ApiError> {
        let Some(token) = bearer(req)? else {
            return Ok(MaybePresenting(None));
        };
        Ok(MaybePresenting(Some(Credentials::read(
            &services(req)?,
            &token,
        )?)))
    }

    /// The caller as the service takes it.
    pub fn caller(&self) -> Option<tapis_service::identity::credentials::Caller<'_>> {
        self.0.as_ref().map(Into::into)
    }
}

impl FromRequest for MaybePresenting {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        std::future::ready(MaybePresenting::read(req, payload))
    }
}

/// The path of the first string (or key) of `value` that holds a NUL character, which
/// PostgreSQL cannot store in text: such a body is refused where it comes in.
fn nul_in(value: &serde_json::Value, path: &str) -> Option<String> {
    use serde_json::Value;
    match value {
        Value::String(s) if s.contains('\0') => Some(path.to_owned()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| nul_in(item, &format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(key, item)| {
            let at = if path.is_empty() {
                key.replace('\0', "")
            } else {
                format!("{path}.{}", key.replace('\0', ""))
            };
            if key.contains('\0') {
                Some(at)
            } else {
                nul_in(item, &at)
            }
        }),
        _ => None,
    }
}

/// A JSON body of type `T`. Syntax errors are `invalid_json` (400); a field of the wrong type
/// or a missing field is `validation_failed` (422) naming that field.
#[derive(Debug)]
pub struct Body<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for Body<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let json = web::Json::<serde_json::Value>::from_request(req, payload);
        Box::pin(async move {
            let value = json.await?.into_inner();
            if let Some(field) = nul_in(&value, "") {
                return Err(ApiError::validation(
                    if field.is_empty() {
                        "body".to_owned()
                    } else {
                        field
                    },
                    "must not contain a NUL character",
                )
                .into());
            }
            serde_path_to_error::deserialize(value)
                .map(Body)
                .map_err(|e| {
                    let field = e.path().to_string();
                    let field = if field == "." {
                        "body".to_owned()
                    } else {
                        field
                    };
                    ApiError::validation(field, e.inner().to_string()).into()
                })
        })
    }
}

/// Where a request comes from (`accounts::ClientInfo`, put in the request by the server).
#[derive(Debug, Clone)]
pub struct Client(pub ClientInfo);

impl FromRequest for Client {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, Self::Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Without the server's middleware (a bare app) nothing is known of the client.
        let info = req
            .extensions()
            .get::<ClientInfo>()
            .cloned()
            .unwrap_or_default();
        std::future::ready(Ok(Client(info)))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::nul_in;

    #[test]
    fn nul_characters_are_found_wherever_they_hide() {
        assert_eq!(nul_in(&json!({"name": "ok"}), ""), None);
        assert_eq!(
            nul_in(&json!({"name": "a\0b"}), ""),
            Some("name".to_owned())
        );
        assert_eq!(
            nul_in(&json!({"invite": ["ann", "b\0"]}), ""),
            Some("invite[1]".to_owned())
        );
        assert_eq!(
            nul_in(&json!({"options": {"x\0": 1}}), ""),
            Some("options.x".to_owned())
        );
        assert_eq!(nul_in(&json!("\0"), ""), Some(String::new()));
    }
}
