//! Errors as `application/problem+json` (RFC 9457), with a stable `code`.
//!
//! Every failure of the API goes through [`ApiError`], including the ones actix produces before
//! a handler runs (bad JSON, bad path or query, oversized body), so clients see one format.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, error};
use serde::Serialize;
use tapis_service::ServiceError;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Problem {
    /// A URI naming the kind of problem: `urn:tapis:problem:<code>`.
    #[serde(rename = "type")]
    pub kind: String,
    /// A short summary of the kind of problem.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What went wrong this time, for people.
    pub detail: String,
    /// A stable snake_case code for programs (`validation_failed`, `not_your_turn`...).
    pub code: String,
    /// For `validation_failed`: the field at fault (`password`, `options.target`...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// For `version_conflict`: the match's current version.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<i64>,
    /// For `missing_scope`: the scope the personal API token lacks (`play`, `read`,
    /// `account`, `webhooks` or `tokens`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
}

/// An API failure.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    detail: String,
    field: Option<String>,
    current_version: Option<i64>,
    scope: Option<&'static str>,
    retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            detail: detail.into(),
            field: None,
            current_version: None,
            scope: None,
            retry_after: None,
        }
    }

    /// The request body is not valid JSON.
    pub fn invalid_json(detail: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_json", detail)
    }

    /// A field has the wrong type or value.
    pub fn validation(field: impl Into<String>, detail: impl Into<String>) -> Self {
        let mut error = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            detail,
        );
        error.field = Some(field.into());
        error
    }

    /// Nothing at this address.
    pub fn not_found(detail: impl Into<String>) -> Self {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", detail)
    }

    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.detail, self.code)
    }
}

impl From<ServiceError> for ApiError {
    fn from(error: ServiceError) -> Self {
        let status =
            StatusCode::from_u16(error.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let retry_after = error.retry_after_secs();
        let mut api = ApiError::new(status, error.code(), error.to_string());
        match error {
            ServiceError::Validation { field, message, .. } => {
                api.detail = format!("{field}: {message}");
                api.field = Some(field.into_owned());
            }
            ServiceError::VersionConflict { current, .. } => api.current_version = Some(current),
            ServiceError::MissingScope(scope) => api.scope = Some(scope.as_str()),
            _ => {}
        }
        api.retry_after = retry_after;
        api
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let problem = Problem {
            kind: format!("urn:tapis:problem:{}", self.code),
            title: self.status.canonical_reason().unwrap_or("Error").to_owned(),
            status: self.status.as_u16(),
            detail: self.detail.clone(),
            code: self.code.to_owned(),
            field: self.field.clone(),
            current_version: self.current_version,
            scope: self.scope.map(str::to_owned),
        };
        let mut response = HttpResponse::build(self.status);
        response.insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        ));
        if let Some(seconds) = self.retry_after {
            response.insert_header((header::RETRY_AFTER, seconds.to_string()));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            response.insert_header((header::WWW_AUTHENTICATE, "Bearer"));
        }
        response.body(serde_json::to_string(&problem).unwrap_or_default())
    }
}

/// Maps actix's JSON body errors to problems.
pub fn json_error(error: error::JsonPayloadError, _req: &HttpRequest) -> error::Error {
    let api = match &error {
        error::JsonPayloadError::OverflowKnownLength { .. }
        | error::JsonPayloadError::Overflow { .. } => ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "payload_too_large",
            "the request body is too large",
        ),
        error::JsonPayloadError::ContentType => ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
            "send the body as application/json",
        ),
        error::JsonPayloadError::Deserialize(e) => {
            ApiError::invalid_json(format!("the body is not valid JSON: {e}"))
        }
        other => ApiError::invalid_json(format!("the body could not be read: {other}")),
    };
    api.into()
}

/// Maps bad path segments (a malformed id) to 404: no resource has that address.
pub fn path_error(error: error::PathError, _req: &HttpRequest) -> error::Error {
    ApiError::not_found(format!("no resource at this address ({error})")).into()
}

/// Maps bad query strings to validation problems.
pub fn query_error(error: error::QueryPayloadError, _req: &HttpRequest) -> error::Error {
    ApiError::validation("query", format!("bad query parameters: {error}")).into()
}
