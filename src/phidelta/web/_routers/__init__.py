"""The routes of the web application, one router per resource."""

from phidelta.web._routers import analyses, datasets, examples, pages

__all__ = ["analyses", "datasets", "examples", "pages"]
