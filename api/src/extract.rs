//! Request extractors: the authenticated caller, and JSON bodies that name the field at fault.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{FromRequest, HttpRequest, web};
use serde::de::DeserializeOwned;
use tapis_service::{Identity, ServiceError, Services, auth};

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

/// The authenticated caller; 401 without a valid token.
#[derive(Debug, Clone)]
pub struct Caller(pub Identity);

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req);
        let services = services(req);
        Box::pin(async move {
            let token = token?.ok_or(ServiceError::Unauthenticated(
                "this endpoint needs Authorization: Bearer <token>",
            ))?;
            Ok(Caller(auth::authenticate(&services?, &token).await?))
        })
    }
}

/// The caller if a token is given (a bad token is still refused), else a spectator.
#[derive(Debug, Clone)]
pub struct MaybeCaller(pub Option<Identity>);

impl FromRequest for MaybeCaller {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer(req);
        let services = services(req);
        Box::pin(async move {
            match token? {
                None => Ok(MaybeCaller(None)),
                Some(token) => Ok(MaybeCaller(Some(
                    auth::authenticate(&services?, &token).await?,
                ))),
            }
        })
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
